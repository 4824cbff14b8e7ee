/// <reference types="vite/client" />
/**
 * Every spec under specs/ as one test file, in the order of their names. Vitest runs the files of a
 * project without file parallelism after all other files, one at a time, with the other worker
 * idle; as one file of the main group, the browser specs (about 0.6 of a core: Chromium, the server
 * and axe-core) run beside the other projects' files. One spec: `npm test -- --project e2e -t NAME`.
 */
import.meta.glob('./specs/*.e2e.ts', { eager: true });
