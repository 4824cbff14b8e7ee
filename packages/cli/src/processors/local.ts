import { readFile } from 'node:fs/promises';
import { publicErrorOf } from '@cutout/contracts';
import type { RemovalSettings } from '../options.ts';
import { UsageError } from '../usage-error.ts';
import { type FileError, FileFailure, interrupted, type Processor } from './processor.ts';

export interface LocalOptions {
  settings: RemovalSettings;
  /** The engine's worker threads: as many images run at once. */
  workers: number;
}

/** The engine's option fields (remove.bg's names, as strings) from the flags. */
export function engineFieldsOf(settings: RemovalSettings, bgImage?: Uint8Array): Record<string, unknown> {
  const text = (value: boolean | undefined) => (value === undefined ? undefined : String(value));
  const fields: Record<string, unknown> = {
    size: settings.size,
    type: settings.type,
    type_level: settings.typeLevel,
    format: settings.format,
    roi: settings.roi,
    crop: text(settings.crop),
    crop_margin: settings.cropMargin,
    scale: settings.scale,
    position: settings.position,
    channels: settings.channels,
    add_shadow: text(settings.addShadow),
    semitransparency: text(settings.semitransparency),
    bg_color: settings.bgColor,
    bg_image: bgImage,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/**
 * Runs the engine in this process, as rembg does: no server, no key, no litres. The options are
 * checked before the model loads, so that a bad value fails in milliseconds with exit code 2.
 */
export async function createLocalProcessor(options: LocalOptions): Promise<Processor> {
  const { createEngine, EngineError, parseRemovalOptions } = await import('@cutout/engine');
  const bgImage = options.settings.bgImage ? await backgroundBytes(options.settings.bgImage) : undefined;
  const fields = engineFieldsOf(options.settings, bgImage);
  try {
    parseRemovalOptions(fields);
  } catch (err) {
    if (!(err instanceof EngineError)) throw err;
    throw new UsageError(`${err.message}${err.value !== undefined ? ` (${err.value})` : ''} [--local]`);
  }
  // No warm-up run: a batch pays for the first image either way.
  const engine = await createEngine({ workers: options.workers, warmup: false, maxQueue: options.workers });

  const errorOf = (err: unknown): FileError | null => {
    if (!(err instanceof EngineError)) return null;
    if (err.code === 'BUSY') return { ...publicErrorOf('SERVER_BUSY'), detail: err.message };
    const { code, title } = publicErrorOf('ACTION_FAILED', { errorCode: err.code, value: err.value });
    return { code, title, detail: err.message, errorCode: err.code };
  };

  return {
    mode: 'local',
    async remove(file, signal) {
      const bytes = await readFile(file);
      // The engine cannot stop a removal half-way: a second Ctrl-C stops waiting for it.
      let stop = () => {};
      const aborted = new Promise<never>((_, reject) => {
        stop = () => reject(new FileFailure(interrupted('aborted by a second Ctrl-C while in progress')));
      });
      aborted.catch(() => {});
      if (signal.aborted) stop();
      signal.addEventListener('abort', stop, { once: true });
      try {
        const result = await Promise.race([engine.remove(bytes, fields), aborted]);
        return { data: result.image, mimeType: result.mime, litres: 0 };
      } catch (err) {
        const error = errorOf(err);
        throw error ? new FileFailure(error) : err;
      } finally {
        signal.removeEventListener('abort', stop);
      }
    },
    close: () => engine.close(),
  };
}

async function backgroundBytes(source: string): Promise<Uint8Array> {
  if (/^https?:\/\//i.test(source)) {
    const response = await fetch(source).catch(() => null);
    if (!response?.ok) throw new UsageError(`--bg-image: cannot download ${source}`);
    return new Uint8Array(await response.arrayBuffer());
  }
  return new Uint8Array(
    await readFile(source).catch(() => {
      throw new UsageError(`--bg-image: cannot read ${source}`);
    }),
  );
}
