// Runs in a child process so that the optimiser's memory churn (hundreds of MB that glibc keeps)
// never lands in the server. Plain JavaScript entry: registers tsx for the TypeScript module when
// the process was not started with it (as in worker/bootstrap.mjs).
let module;
try {
  module = await import('./optimize.ts');
} catch (err) {
  if (err?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw err;
  const { register } = await import('tsx/esm/api');
  register();
  module = await import('./optimize.ts?tsx');
}
try {
  await module.main(process.argv.slice(2));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
