import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    // One file (it imports every spec): one browser at a time, beside the other projects' files.
    include: ['suite.e2e.ts'],
    globalSetup: ['./support/server.ts'],
    setupFiles: ['./support/csp.ts'],
    // Room for a spec whose server shares the two cores with another project's file.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
