import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'sdk',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The server's template databases, which each test server's database copies (harness.ts).
    globalSetup: ['../../apps/server/src/test/templates.ts'],
    // The server tests run the real engine (seconds per image on two cores) and npm pack.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
