// Piscina loads plain JavaScript. Under `tsx` the worker inherits its TypeScript loader and the
// first import works; under vitest (or plain node) it fails with ERR_UNKNOWN_FILE_EXTENSION, so we
// register tsx in this thread and import again (with a query, as the failed import is cached).
let worker;
try {
  worker = await import('./worker.ts');
} catch (err) {
  if (err?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw err;
  const { register } = await import('tsx/esm/api');
  register();
  worker = await import('./worker.ts?tsx');
}
export default worker.default;
