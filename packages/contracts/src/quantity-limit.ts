/**
 * Quantity limits of limited products (SPEC §5): a text such as '1,2,5-10' lists the quantities a
 * buyer may choose. The seller writes it, so a bad text is answered as a typed result, never thrown.
 */

/**
 * The most quantities one limit may allow. A range such as '1-1000000000' would otherwise build a
 * list of a billion values (and a select with as many options); past the cap the part that crosses it
 * is refused as an invalid range rather than cut short without a word.
 */
export const maxQuantityLimitValues = 1000;

export type QuantityLimitError = 'invalid_value' | 'invalid_range';

export type QuantityLimitRange =
  | { ok: true; values: number[] }
  | { ok: false; error: QuantityLimitError; part: string };

const digits = /^\d+$/;

/** A positive safe integer written in plain digits ('007' is 7), else null. */
function positiveInteger(text: string): number | null {
  if (!digits.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** The quantities one part allows, or the error that refuses it. */
function readPart(part: string): number[] | QuantityLimitError {
  if (!part.includes('-')) {
    const value = positiveInteger(part);
    return value === null ? 'invalid_value' : [value];
  }
  const bounds = part.split('-').map((bound) => bound.trim());
  if (bounds.length !== 2) return 'invalid_range';
  const min = positiveInteger(bounds[0]!);
  const max = positiveInteger(bounds[1]!);
  if (min === null || max === null || min > max || max - min + 1 > maxQuantityLimitValues) {
    return 'invalid_range';
  }
  return Array.from({ length: max - min + 1 }, (_, index) => min + index);
}

/**
 * Reads a quantity limit text: comma-separated parts, each trimmed, each a positive integer or
 * `min-max` of two positive integers with min ≤ max (every value between them allowed). Answers the
 * allowed quantities without duplicates in ascending order, or the first refused part: 'invalid_value'
 * for a part without a dash that is not a positive integer (an empty text or an empty part included),
 * 'invalid_range' for a part with a dash whose bounds are not two positive integers with min ≤ max,
 * and for any part that takes the list past {@link maxQuantityLimitValues} values.
 */
export function parseQuantityLimitRange(text: string): QuantityLimitRange {
  const values = new Set<number>();
  for (const rawPart of text.split(',')) {
    const part = rawPart.trim();
    const read = readPart(part);
    if (typeof read === 'string') return { ok: false, error: read, part };
    for (const value of read) values.add(value);
    if (values.size > maxQuantityLimitValues) return { ok: false, error: 'invalid_range', part };
  }
  return { ok: true, values: [...values].sort((a, b) => a - b) };
}

/**
 * The quantity a limited product is put in the cart with: the requested one when the limit allows
 * it, otherwise the first allowed value, or 1 when the list is empty.
 */
export function allowedQuantity(requested: number, values: readonly number[]): number {
  return values.includes(requested) ? requested : (values[0] ?? 1);
}
