/**
 * semitransparency=false: alpha below 64 becomes 0, above 192 becomes 255, and the range between is
 * stretched linearly over 0..255. Glass, smoke and soft shadows of the photo go (to clear or solid),
 * while the antialiased edge of the subject, a pixel or two wide, still steps smoothly.
 */
const LOW = 64;
const HIGH = 192;
const LEVELS = Uint8Array.from({ length: 256 }, (_, a) =>
  a <= LOW ? 0 : a >= HIGH ? 255 : Math.round(((a - LOW) * 255) / (HIGH - LOW)),
);

/** Removes semi-transparent regions from an alpha plane, in place (one table look-up per pixel). */
export function removeSemitransparency(alpha: Uint8Array): void {
  for (let i = 0; i < alpha.length; i++) alpha[i] = LEVELS[alpha[i]!]!;
}
