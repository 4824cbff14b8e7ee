import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['./support/server.ts'],
    setupFiles: ['./support/csp.ts'],
    // One browser at a time: the machine has two cores and the server needs one.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
