import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'engine',
    environment: 'node',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Model tests load IS-Net and run it on two CPU cores: seconds per image, not milliseconds.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Child processes rather than threads: the engine starts its own worker threads with native addons.
    pool: 'forks',
  },
});
