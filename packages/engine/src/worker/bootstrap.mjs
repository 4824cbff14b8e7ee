// Piscina loads plain JavaScript; the worker itself is TypeScript.
import { importTypeScript } from '../import-ts.mjs';

const worker = await importTypeScript(new URL('./worker.ts', import.meta.url).href);
export default worker.default;
