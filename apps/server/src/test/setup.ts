// Runs before every server test file (vitest.config.ts, setupFiles).
//
// node-postgres queues a query sent while another one runs on the same client, which is what two
// reads at once inside a transaction do, and warns (once per process) that pg 9 will refuse it.
// Such reads go through Transactor.all; the warning fails the run, so a new one shows at once.
process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning' && /already executing a query/.test(warning.message))
    throw warning;
});
