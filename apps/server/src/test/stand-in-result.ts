import type { RemovalResult } from '@cutout/engine';

/** What an engine stand-in answers: `bytes` as a 1×1 PNG cut-out, its subject the whole image. */
export function standInResult(bytes: Buffer): RemovalResult {
  return {
    bytes,
    mime: 'image/png',
    image: bytes,
    format: 'png',
    width: 1,
    height: 1,
    foreground: { x: 0, y: 0, width: 1, height: 1 },
    original: { width: 1, height: 1 },
    maskCached: false,
    timings: {},
  };
}
