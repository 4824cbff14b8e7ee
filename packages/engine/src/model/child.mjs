// Runs in a child process so that the optimiser's memory churn (hundreds of MB that glibc keeps)
// never lands in the server. The work itself is TypeScript (optimize.ts).
import { importTypeScript } from '../import-ts.mjs';

try {
  const { main } = await importTypeScript(new URL('./optimize.ts', import.meta.url).href);
  await main(process.argv.slice(2));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
