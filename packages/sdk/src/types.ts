import type { ForegroundType, foregroundTypeLevels, sizeNames } from '@cutout/contracts';

/** How a client talks to the API: where, as whom, and how patiently. */
export interface ClientOptions {
  /** Sent as X-Api-Key; previews work without one, full sizes and account() need it. */
  apiKey?: string;
  /** The API's root, such as http://127.0.0.1:3000/api/v1 (default http://localhost:3000/api/v1). */
  baseUrl?: string;
  /** The fetch to call (default globalThis.fetch). */
  fetch?: typeof fetch;
  /** Retries after 429, 502, 503, 504 and network failures (default 3). */
  maxRetries?: number;
  /** First backoff step without a Retry-After, doubled each try, with full jitter (default 500). */
  retryBaseDelayMs?: number;
  /** The longest wait between tries, Retry-After included (default 30000). */
  maxRetryDelayMs?: number;
  /** Limit of one try, answer body included (default 120000). */
  timeoutMs?: number;
  /** Accept-Language: the language of error details. */
  language?: 'en' | 'ru';
  /** User-Agent header; browsers do not let a page set it. */
  userAgent?: string;
}

/** Bytes the SDK can send as a file. */
export type ImageBytes = Blob | Uint8Array | ArrayBuffer;

/** An image (or background image): bytes, a stream read once, base64 text, or a URL the server fetches. */
export type ImageInput =
  | ImageBytes
  | { file: ImageBytes | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>; filename?: string }
  | { base64: string }
  | { url: string };

/** Every size name the API takes (remove.bg's among them). */
export type SizeName = (typeof sizeNames)[keyof typeof sizeNames][number];

/** Options of one removal; remove.bg's field names are sent for them. */
export interface RemoveOptions {
  size?: SizeName;
  type?: ForegroundType;
  typeLevel?: (typeof foregroundTypeLevels)[number];
  format?: 'auto' | 'png' | 'jpg' | 'webp' | 'avif' | 'zip';
  /** Region of interest "x1 y1 x2 y2", in px or %. */
  roi?: string;
  crop?: boolean;
  /** "10px", "10% 5%" or four values. */
  cropMargin?: string;
  /** "10%".."100%" or "original". */
  scale?: string;
  /** "original", "center", "X%" or "X% Y%". */
  position?: string;
  channels?: 'rgba' | 'alpha';
  addShadow?: boolean;
  semitransparency?: boolean;
  /** Hex or a color name. */
  bgColor?: string;
  bgImage?: ImageInput;
  /** 'json' asks with Accept: application/json and decodes result_b64; the result is the same. */
  output?: 'binary' | 'json';
  /**
   * Sent as the Idempotency-Key header, the same on every try of this call, so that a full size whose
   * answer was lost is charged once: a retry gets the first result again. A random UUID when not
   * given; give your own to make a call safe to repeat across restarts of your program (the server
   * keeps a key for 24 hours).
   */
  idempotencyKey?: string;
  /** Cancels the request and any wait between tries. */
  signal?: AbortSignal;
}

/** One removal's image and what the answer's headers (or JSON) say about it. */
export interface RemovalResult {
  data: Uint8Array;
  mimeType: string;
  width: number;
  height: number;
  creditsCharged: number;
  /** The foreground type the server found (X-Type), when one was asked for. */
  type: string | null;
  foreground: { top: number; left: number; width: number; height: number };
  processingTimeMs: number | null;
  rateLimit: { limit: number; remaining: number; reset: number } | null;
  requestId: string | null;
  /** The result of an earlier try of the same call (same Idempotency-Key), charged then, not again. */
  replayed: boolean;
}

/** GET /account: the key holder's credits (remove.bg's view) and litres (ours). */
export interface Account {
  credits: { total: number; subscription: number; payg: number; enterprise: number };
  freeCalls: number;
  litres: { total: number; free: number; paid: number };
}
