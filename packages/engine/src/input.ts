import { EngineError, ErrorCode, type ErrorCodeNumber } from './errors.ts';
import { LIMITS } from './limits.ts';

/** Image formats the engine reads. */
export type InputFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/** AVIF's brands in an ISO file's `ftyp` box: a still picture or a sequence. */
const avifBrands = new Set(['avif', 'avis']);

/** Detects JPG, PNG, WEBP or AVIF from the first bytes; null for anything else. */
export function detectFormat(bytes: Uint8Array): InputFormat | null {
  const at = (i: number) => bytes[i] ?? -1;
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((b, i) => at(i) === b)) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 16 && ascii(4, 8) === 'ftyp') {
    // The box's size, then its major brand and the compatible brands after the minor version.
    const boxSize = Math.min(bytes.length, ((at(0) << 24) | (at(1) << 16) | (at(2) << 8) | at(3)) >>> 0);
    const brands = [ascii(8, 12)];
    for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(offset, offset + 4));
    if (brands.some((brand) => avifBrands.has(brand))) return 'avif';
  }
  return null;
}

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/**
 * Decodes base64 (standard or URL-safe, whitespace and a `data:...;base64,` prefix allowed)
 * into bytes; anything else fails with `code` (113 for the image, 114 for a background).
 */
export function decodeBase64Image(text: string, options: { code?: ErrorCodeNumber } = {}): Buffer {
  const code = options.code ?? ErrorCode.invalidImage;
  const comma = text.startsWith('data:') ? text.indexOf(',') : -1;
  if (text.startsWith('data:') && (comma < 0 || !text.slice(0, comma).endsWith(';base64'))) {
    throw new EngineError(code, 'data URL is not base64-encoded');
  }
  const body = text.slice(comma + 1).replace(/\s+/g, '');
  if (!BASE64.test(body) || body.length % 4 === 1) throw new EngineError(code, 'not valid base64');
  return Buffer.from(body, 'base64');
}

/**
 * Checks the cheap facts about image bytes: present, not empty, within the file limit, and a JPG,
 * PNG, WEBP or AVIF by content. `role` picks the codes: the input (108/109/103/113) or a background (114).
 */
export function checkImageBytes(bytes: unknown, role: 'image' | 'background' = 'image'): InputFormat {
  const bg = role === 'background';
  if (bytes === undefined || bytes === null) {
    throw new EngineError(
      bg ? ErrorCode.invalidBackgroundImage : ErrorCode.missingImage,
      `${role} is missing`,
    );
  }
  if (!(bytes instanceof Uint8Array)) {
    throw new EngineError(
      bg ? ErrorCode.invalidBackgroundImage : ErrorCode.invalidImage,
      `${role} must be bytes`,
    );
  }
  if (bytes.length === 0) {
    throw new EngineError(bg ? ErrorCode.invalidBackgroundImage : ErrorCode.emptyImage, `${role} is empty`);
  }
  if (bytes.length > LIMITS.maxFileBytes) {
    const message = `${role} is ${bytes.length} bytes, over the limit of ${LIMITS.maxFileBytes} bytes (32 MB)`;
    throw new EngineError(
      bg ? ErrorCode.invalidBackgroundImage : ErrorCode.fileTooBig,
      message,
      LIMITS.maxFileBytes,
    );
  }
  const format = detectFormat(bytes);
  if (!format) {
    const message = `${role} is not a JPG, PNG, WEBP or AVIF file`;
    throw new EngineError(bg ? ErrorCode.invalidBackgroundImage : ErrorCode.invalidImage, message);
  }
  return format;
}
