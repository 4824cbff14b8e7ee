import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // One migrated and seeded database per kind for the run, which each test's database copies.
    globalSetup: ['src/test/templates.ts'],
    setupFiles: ['src/test/setup.ts'],
    // The files of a worker share one module graph: the app's modules (and PGlite's WebAssembly) are
    // loaded once per worker, not once per file, which took 40% of the project's time (526 s to 312 s
    // on two cores). Each test builds its own app and database, so nothing else is shared; a test
    // that needs another module's behaviour passes it in (safe-fetch's `resolve`), since vi.mock
    // cannot replace a module another file has loaded already.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
