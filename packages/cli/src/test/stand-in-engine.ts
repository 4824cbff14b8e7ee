import { imageProblem } from '@cutout/contracts';
import { checkImageBytes, type Engine, EngineError, ErrorCode, type RemovalResult } from '@cutout/engine';
import sharp from 'sharp';

export interface StandIn {
  engine: Engine;
  /** Milliseconds each removal takes (set it per test). */
  delayMs: number;
  /** How many removals it did. */
  calls: number;
}

/**
 * An engine for the server that answers in milliseconds: the input's pixels with an alpha channel,
 * in the format asked (png unless jpg/webp/avif). An undecodable image fails as the real one does
 * (113, damaged). What is tested is the command line, not the cut-out.
 */
export function standInEngine(): StandIn {
  const state: StandIn = {
    delayMs: 0,
    calls: 0,
    // The server calls remove() (and close() when it stops); nothing else.
    engine: {
      async remove(input: Uint8Array, options: Record<string, unknown> = {}): Promise<RemovalResult> {
        state.calls++;
        checkImageBytes(input);
        await new Promise((resolve) => setTimeout(resolve, state.delayMs));
        const format = String(options.format ?? 'png');
        const decoded = await sharp(input)
          .raw()
          .toBuffer({ resolveWithObject: true })
          .catch(() => {
            throw new EngineError(
              ErrorCode.invalidImage,
              'The image could not be decoded',
              imageProblem.damaged,
            );
          });
        const { width, height, channels } = decoded.info;
        const image = sharp(decoded.data, { raw: { width, height, channels } }).ensureAlpha();
        const encoded =
          format === 'jpg'
            ? { bytes: await image.jpeg().toBuffer(), mime: 'image/jpeg', format: 'jpg' as const }
            : format === 'webp'
              ? { bytes: await image.webp().toBuffer(), mime: 'image/webp', format: 'webp' as const }
              : { bytes: await image.png().toBuffer(), mime: 'image/png', format: 'png' as const };
        return {
          bytes: encoded.bytes,
          mime: encoded.mime,
          image: encoded.bytes,
          format: encoded.format,
          width,
          height,
          foreground: { x: 0, y: 0, width, height },
          original: { width, height },
          maskCached: false,
          timings: {},
        };
      },
      close: async () => {},
    } as unknown as Engine,
  };
  return state;
}
