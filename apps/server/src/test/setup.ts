// Runs before every server test file (vitest.config.ts, setupFiles).
//
// node-postgres queues a query sent while another one runs on the same client (two reads at once
// inside a transaction) and warns, once per process, that pg 9 will refuse it. The pool's clients
// take such queries in turn themselves (client.ts, OneQueryAtATime); a client that does not, one
// made some other way, fails the run with that warning.
process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning' && /already executing a query/.test(warning.message))
    throw warning;
});
