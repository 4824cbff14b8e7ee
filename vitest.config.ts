import { defineConfig } from 'vitest/config';

// One run for the whole repository: each workspace is a project with its own configuration.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'e2e/vitest.config.*'],
    // Two test files at a time: Vitest's default here is one fewer than the cores (one on the two
    // cores of CI), and most files wait on a database, a server or a child process. The end-to-end
    // specs are one file (e2e/suite.e2e.ts), so one browser runs at a time, beside another file.
    maxWorkers: 2,
  },
});
