import { defineConfig } from 'vitest/config';

// One run for the whole repository: each workspace is a project with its own configuration.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'e2e/vitest.config.*'],
  },
});
