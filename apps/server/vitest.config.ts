import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // One migrated and seeded database per kind for the run, which each test's database copies.
    globalSetup: ['src/test/templates.ts'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
