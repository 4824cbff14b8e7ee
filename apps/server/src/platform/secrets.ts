import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A random opaque token (256 bits), URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** The stored form of a token: its SHA-256, so that a database leak gives nothing away. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A numeric one-time code of the given length. */
export const newOtp = (length: number): string => String(randomInt(0, 10 ** length)).padStart(length, '0');

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Hashes a password with argon2id. */
export const hashPassword = (password: string): Promise<string> => hash(password);

// Verifying against this when a user does not exist keeps the answer time the same.
const decoyHash = hash('decoy password that matches nothing');

/** Checks a password against its hash; a missing hash still costs one verification. */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
