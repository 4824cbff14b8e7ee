import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'cli',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The server's template databases, which each test server's database copies (harness.ts).
    globalSetup: ['../../apps/server/src/test/templates.ts'],
    // The integration tests spawn the real command against a real server; two of them run the
    // real engine (seconds per image on two cores).
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // Child processes rather than threads: the engine starts worker threads with native addons.
    pool: 'forks',
  },
});
