import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The webhook signature scheme Stripe made common and the demo acquirer copies:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + '.' + rawBody)>`. The timestamp is inside the
 * signed bytes, so a replayed notification goes stale after the tolerance.
 */
export function signHeader(options: { secret: string; payload: Buffer | string; timestamp: number }): string {
  return `t=${options.timestamp},v1=${hmacHex(options.secret, options.timestamp, options.payload)}`;
}

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: string };

export function verifySignedHeader(options: {
  header: string | string[] | undefined;
  payload: Buffer;
  secret: string;
  /** Now, in unix seconds. */
  now: number;
  toleranceSeconds?: number;
}): SignatureCheck {
  const header = Array.isArray(options.header) ? options.header[0] : options.header;
  if (!header) return { ok: false, reason: 'signature_missing' };
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    // Several v1 values come while a secret is being rolled: any one may match.
    else if (key === 'v1' && value) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) return { ok: false, reason: 'signature_malformed' };
  const expected = Buffer.from(hmacHex(options.secret, timestamp, options.payload), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    // A length check first: timingSafeEqual throws on unequal lengths; the length is no secret.
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) return { ok: false, reason: 'signature_mismatch' };
  if (Math.abs(options.now - timestamp) > (options.toleranceSeconds ?? 300)) {
    return { ok: false, reason: 'signature_stale' };
  }
  return { ok: true, timestamp };
}

function hmacHex(secret: string, timestamp: number, payload: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest('hex');
}
