/** `MODEL_CACHE_DIR`, else `<repo root>/.cache/models` (see cache-dir.mjs). */
export declare function defaultCacheDir(): string;
