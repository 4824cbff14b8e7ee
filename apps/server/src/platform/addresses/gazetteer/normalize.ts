/**
 * The form every name and query is compared in: lower case, `ё` as `е`, Latin diacritics dropped
 * (São Paulo = sao paulo), every run of punctuation and spaces one space. Cyrillic letters keep their
 * marks: `й` is not `и`.
 */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/([A-Za-z])\p{M}+/gu, '$1')
    .normalize('NFC')
    .toLowerCase()
    .replaceAll('ё', 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Queries are cut here before any work: a suggestion box never needs more. */
export const maxQueryLength = 200;

/** The count asked for, clamped to 1..20. */
export function clampCount(count: number): number {
  if (!Number.isFinite(count)) return 1;
  return Math.min(20, Math.max(1, Math.trunc(count)));
}
