import { parseSizeLimit, removalHeaders } from '@cutout/contracts';
import { ApiError, clientErrorCodes } from '../../shared/api/api-error.ts';
import { apiFetch } from '../../shared/api/client.ts';
import {
  executeForm,
  type ImageInput,
  type ImageSize,
  type ProcessingOptions,
} from './processing-options.ts';

export interface SizeLimits {
  preview: { width: number; height: number };
  full: { width: number; height: number };
}

/** One answer of the execute call: the image to show, the file to download and what the headers say. */
export interface RemovalResult {
  /** The image itself (for output_format json, decoded from its base64). */
  image: Blob;
  /** What a download saves: the image, or the JSON answer as it came. */
  download: Blob;
  /** Litres charged (X-Action-Cost): 0 for a preview, 1 for a full size. */
  cost: number;
  sizeLimits: SizeLimits | null;
  width: number | null;
  height: number | null;
}

interface JsonResult {
  result_b64: string;
  type?: string;
  width?: number;
  height?: number;
}

/** The `data` of an output_format=json answer, or null when the answer is something else. */
function jsonResultOf(body: unknown): JsonResult | null {
  const data = (body as { data?: unknown } | null)?.data as Partial<JsonResult> | undefined;
  return data && typeof data.result_b64 === 'string' ? (data as JsonResult) : null;
}

function numberHeader(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** X-Size-Limit as preview and full limits; null when the header is missing or incomplete. */
export function sizeLimitsOf(header: string | null): SizeLimits | null {
  const limits = parseSizeLimit(header);
  const { previewWidth, previewHeight, fullWidth, fullHeight } = limits;
  if (!previewWidth || !previewHeight || !fullWidth || !fullHeight) return null;
  return {
    preview: { width: previewWidth, height: previewHeight },
    full: { width: fullWidth, height: fullHeight },
  };
}

const mimeOfFormat: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
};

function decodeBase64(b64: string, type: string): Blob {
  const binary = atob(b64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type });
}

async function readResult(response: Response, options: ProcessingOptions) {
  if (options.outputFormat === 'image') {
    const image = await response.blob();
    return { image, download: image, width: null, height: null };
  }
  const text = await response.text();
  const data = jsonResultOf(JSON.parse(text));
  if (!data) throw new Error('Not an image-processing answer');
  const type = data.type?.includes('/')
    ? data.type
    : (mimeOfFormat[data.type ?? options.format] ?? 'image/png');
  return {
    image: decodeBase64(data.result_b64, type),
    download: new Blob([text], { type: 'application/json' }),
    width: typeof data.width === 'number' ? data.width : null,
    height: typeof data.height === 'number' ? data.height : null,
  };
}

const busyRetries = 2;
const maxRetryWaitMs = 10_000;

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/**
 * POST /api/stores/actions/{actionId}/execute (SPEC §7.2). Rejects with the ApiError of the answer;
 * an answer that cannot be read rejects with an ApiError of code INVALID_RESPONSE. A busy server
 * (503 SERVER_BUSY) is asked again after its Retry-After, a couple of times.
 */
export async function executeRemoval(request: {
  actionId: string;
  input: ImageInput;
  options: ProcessingOptions;
  size: ImageSize;
  signal?: AbortSignal;
}): Promise<RemovalResult> {
  const path = `/actions/${encodeURIComponent(request.actionId)}/execute`;
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await apiFetch(path, {
        method: 'POST',
        body: executeForm(request.input, request.options, request.size),
        headers: { Accept: '*/*' },
        signal: request.signal,
      });
      const headers = response.headers;
      let result: Awaited<ReturnType<typeof readResult>>;
      try {
        result = await readResult(response, request.options);
      } catch {
        throw new ApiError({ status: response.status, code: clientErrorCodes.invalidResponse, message: '' });
      }
      return {
        ...result,
        cost: numberHeader(headers, removalHeaders.cost) ?? 0,
        sizeLimits: sizeLimitsOf(headers.get(removalHeaders.sizeLimit)),
        width: numberHeader(headers, removalHeaders.width) ?? result.width,
        height: numberHeader(headers, removalHeaders.height) ?? result.height,
      };
    } catch (error) {
      const busy = error instanceof ApiError && error.code === 'SERVER_BUSY';
      if (!busy || attempt >= busyRetries) throw error;
      await wait(Math.min((error.retryAfterSeconds ?? 2) * 1000, maxRetryWaitMs), request.signal);
    }
  }
}
