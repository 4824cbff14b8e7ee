import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Room for a cold lazy page (setup.ts) inside a test that then clicks through it.
    testTimeout: 15_000,
    // The files of a worker share one module graph: React, the router, i18n and the app's modules
    // are loaded once per worker, not once per file, which took two thirds of the project's time
    // (269 s to 89 s on two cores). setup.ts resets what tests share (storage, cookies, session,
    // document) before each test; no test mocks a module (a mock would leak into the files after
    // it): what leaves the page is recorded with spies instead (test/browser-exits.ts).
    isolate: false,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
