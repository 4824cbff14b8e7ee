import { type PublicApiAccount, type PublicApiJsonResult, publicApiHeaders } from '@cutout/contracts';
import { decodeBase64 } from './base64.ts';
import type { Account, RemovalResult } from './types.ts';

const h = publicApiHeaders;

/** A successful removal's answer (image bytes, or the JSON of output 'json') as a RemovalResult. */
export function removalResultOf(response: Response, body: Uint8Array): RemovalResult {
  const headers = response.headers;
  const num = (name: string) => numberHeader(headers, name);
  const contentType = headers.get('content-type')?.split(';')[0]?.trim() ?? '';
  const json = contentType === 'application/json' ? jsonResult(body) : null;
  const data = json ? decodeBase64(json.result_b64) : body;
  const limit = num(h.rateLimit);
  const remaining = num(h.rateLimitRemaining);
  const reset = num(h.rateLimitReset);
  return {
    data,
    mimeType: (json ? mimeOfJson(json.type, data) : contentType) || 'application/octet-stream',
    width: json?.width ?? num(h.width) ?? 0,
    height: json?.height ?? num(h.height) ?? 0,
    creditsCharged: num(h.creditsCharged) ?? 0,
    type: headers.get(h.type),
    foreground: {
      top: json?.foreground_top ?? num(h.foregroundTop) ?? 0,
      left: json?.foreground_left ?? num(h.foregroundLeft) ?? 0,
      width: json?.foreground_width ?? num(h.foregroundWidth) ?? 0,
      height: json?.foreground_height ?? num(h.foregroundHeight) ?? 0,
    },
    processingTimeMs: num(h.processingTime),
    rateLimit: limit !== null && remaining !== null && reset !== null ? { limit, remaining, reset } : null,
    requestId: headers.get(h.requestId),
    replayed: headers.get(h.idempotentReplayed) === 'true',
  };
}

/** GET /account's answer as an Account. */
export function accountOf(body: Uint8Array): Account {
  const { attributes } = (parse(body) as PublicApiAccount).data;
  return {
    credits: { ...attributes.credits },
    freeCalls: attributes.api.free_calls,
    litres: { ...attributes.litres },
  };
}

function jsonResult(body: Uint8Array): PublicApiJsonResult['data'] {
  const data = (parse(body) as Partial<PublicApiJsonResult>).data;
  if (!data || typeof data.result_b64 !== 'string') {
    throw new TypeError('The JSON answer has no data.result_b64');
  }
  return data;
}

function parse(body: Uint8Array): unknown {
  return JSON.parse(new TextDecoder().decode(body));
}

function numberHeader(headers: Headers, name: string): number | null {
  const raw = headers.get(name);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** The JSON's `type` when it is a MIME type, else what the bytes begin with. */
function mimeOfJson(type: string | undefined, data: Uint8Array): string {
  if (type?.includes('/')) return type;
  const starts = (...bytes: number[]) => bytes.every((byte, i) => data[i] === byte);
  const ascii = (offset: number, text: string) =>
    [...text].every((letter, i) => data[offset + i] === letter.charCodeAt(0));
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  if (ascii(4, 'ftypavi')) return 'image/avif';
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'application/zip';
  return '';
}
