// Imports a TypeScript module from a plain JavaScript entry (a piscina worker, a child process).
// Under `tsx` the loader is inherited and the first import works; under vitest or plain node it
// fails with ERR_UNKNOWN_FILE_EXTENSION, so tsx is registered in this thread and the module is
// imported again (with a query, as the failed import is cached).
export async function importTypeScript(url) {
  try {
    return await import(url);
  } catch (err) {
    if (err?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw err;
    const { register } = await import('tsx/esm/api');
    register();
    return await import(`${url}?tsx`);
  }
}
