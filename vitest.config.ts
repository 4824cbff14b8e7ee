import { defineConfig } from 'vitest/config';

// One run for the whole repository: each workspace is a project with its own configuration.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'e2e/vitest.config.*'],
    // Two test files at a time: Vitest's default here is one fewer than the cores (one on the two
    // cores of CI), and most files wait on a database, a server or a child process. The end-to-end
    // files still run one at a time, alone (their project turns file parallelism off).
    maxWorkers: 2,
  },
});
