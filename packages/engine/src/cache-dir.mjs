// Where the engine keeps what it prepares once per machine: the assembled and optimised models,
// their calibrations, and the allocator's probe (allocator.mjs). Plain JavaScript, so that a
// launcher can read it before any TypeScript loads.

import { fileURLToPath } from 'node:url';

/**
 * `MODEL_CACHE_DIR`, else `<repo root>/.cache/models`.
 * @returns {string}
 */
export function defaultCacheDir() {
  if (process.env.MODEL_CACHE_DIR) return process.env.MODEL_CACHE_DIR;
  return fileURLToPath(new URL('../../../.cache/models', import.meta.url));
}
