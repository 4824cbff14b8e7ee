import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CutoutApiError,
  CutoutClient,
  CutoutNetworkError,
  type ImageInput,
  type RemoveOptions,
} from '@cutout/sdk';
import { fileInput } from '@cutout/sdk/node';
import type { RemovalSettings } from '../options.ts';
import { UsageError } from '../usage-error.ts';
import { type FileError, FileFailure, interrupted, type Processor } from './processor.ts';

export interface RemoteOptions {
  /** The API's base URL, ending in /api/v1 (config.ts's apiBaseUrl). */
  baseUrl: string;
  apiKey?: string;
  settings: RemovalSettings;
  userAgent?: string;
  /** For tests: a fetch of their own. */
  fetch?: typeof fetch;
}

/** Sends each image to the service through the SDK (which retries 429/503 and network failures). */
export async function createRemoteProcessor(options: RemoteOptions): Promise<Processor> {
  const client = new CutoutClient({
    baseUrl: options.baseUrl,
    ...(options.apiKey && { apiKey: options.apiKey }),
    ...(options.userAgent && { userAgent: options.userAgent }),
    ...(options.fetch && { fetch: options.fetch }),
  });
  const request = await removeOptionsOf(options.settings);
  const settingsDigest = await digestOf(request);
  return {
    mode: 'remote',
    async remove(file, signal) {
      const input = await fileInput(file).catch((err: unknown) => {
        // The SDK refuses a file over the API's limit before sending it.
        if (!(err instanceof RangeError)) throw err;
        throw new FileFailure({
          code: 'file_too_large',
          title: 'File too large',
          detail: err.message,
          errorCode: 103,
        });
      });
      try {
        const idempotencyKey = await idempotencyKeyOf(input, settingsDigest);
        const result = await client.removeBackground(input, { ...request, idempotencyKey, signal });
        // A replay was charged by an earlier run (or try) whose answer never came: not this run.
        const litres = result.replayed ? 0 : result.creditsCharged;
        return { data: result.data, mimeType: result.mimeType, litres };
      } catch (err) {
        if (signal.aborted)
          throw new FileFailure(
            interrupted(
              'aborted by a second Ctrl-C while in progress; the service may have charged it, and a run again within 24 hours gets that result without a second charge',
            ),
          );
        throw new FileFailure(apiErrorOf(err));
      }
    },
    close: async () => {},
  };
}

/**
 * What every request of the run shares, as a digest: the options and the background's bytes. With the
 * image's bytes it makes each image's Idempotency-Key.
 */
async function digestOf(request: RemoveOptions): Promise<string> {
  const { bgImage, ...rest } = request;
  const hash = createHash('sha256').update(JSON.stringify(Object.entries(rest).sort()));
  if (bgImage) await hashInput(hash, bgImage);
  return hash.digest('hex');
}

/** Adds an image of the CLI's (a file's Blob, the background's bytes, or its URL) to a hash. */
async function hashInput(hash: ReturnType<typeof createHash>, input: ImageInput): Promise<void> {
  const file = typeof input === 'object' && 'file' in input ? input.file : input;
  if (file instanceof Blob) for await (const chunk of file.stream()) hash.update(chunk);
  else if (file instanceof Uint8Array) hash.update(file);
  else hash.update(JSON.stringify(input));
}

/**
 * The Idempotency-Key of one image: the same for the same picture and options, so that a run again
 * after an interrupted run or a lost answer gets the result the service already charged for (it
 * keeps keys 24 hours) instead of charging it twice. Identical pictures in one run are one charge.
 */
async function idempotencyKeyOf(input: ImageInput, settingsDigest: string): Promise<string> {
  const hash = createHash('sha256').update(settingsDigest);
  await hashInput(hash, input);
  return `cutout-cli-${hash.digest('hex')}`;
}

/** The SDK's options from the flags; the background picture is read once for every request. */
export async function removeOptionsOf(settings: RemovalSettings): Promise<RemoveOptions> {
  const { bgImage, ...rest } = settings;
  const request: RemoveOptions = { ...rest };
  if (bgImage) request.bgImage = await backgroundInput(bgImage);
  return request;
}

async function backgroundInput(source: string): Promise<ImageInput> {
  if (/^https?:\/\//i.test(source)) return { url: source };
  const bytes = await readFile(source).catch(() => {
    throw new UsageError(`--bg-image: cannot read ${source}`);
  });
  return { file: new Uint8Array(bytes), filename: path.basename(source) };
}

/** The report's error for what the SDK threw. */
export function apiErrorOf(err: unknown): FileError {
  if (err instanceof CutoutApiError) {
    return {
      code: err.code,
      title: err.title,
      detail: err.detail,
      ...(err.errorCode !== undefined && { errorCode: err.errorCode }),
    };
  }
  if (err instanceof CutoutNetworkError) {
    return { code: 'network_error', title: 'Service unreachable', detail: err.message };
  }
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal_error', title: 'Unexpected error', detail: message };
}
