import { describe, expect, it } from 'vitest';
import { allowedQuantity, maxQuantityLimitValues, parseQuantityLimitRange } from './quantity-limit.ts';

describe('parseQuantityLimitRange', () => {
  it.each([
    ['single numbers and a range', '1,2,5-10', [1, 2, 5, 6, 7, 8, 9, 10]],
    ['a number with spaces around it', ' 3 ', [3]],
    ['spaces around parts and bounds', ' 4 , 1 - 2 ', [1, 2, 4]],
    ['a one-value range', '7-7', [7]],
    ['duplicates and overlaps, out of order', '9,3-5,4,3', [3, 4, 5, 9]],
    ['leading zeros', '007', [7]],
    ['a range of exactly the cap', `1-${maxQuantityLimitValues}`, expect.any(Array)],
  ])('allows %s: %j', (_, text, values) => {
    expect(parseQuantityLimitRange(text)).toEqual({ ok: true, values });
  });

  it.each([
    ['min above max', '5-3', 'invalid_range', '5-3'],
    ['a letter', 'a', 'invalid_value', 'a'],
    ['a bound that is not a number', '1-b', 'invalid_range', '1-b'],
    ['a missing max', '3-', 'invalid_range', '3-'],
    ['a negative number', '-3', 'invalid_range', '-3'],
    ['three bounds', '1-2-3', 'invalid_range', '1-2-3'],
    ['an empty text', '', 'invalid_value', ''],
    ['a blank text', '   ', 'invalid_value', ''],
    ['an empty part', '1,,2', 'invalid_value', ''],
    ['a trailing comma', '1,2,', 'invalid_value', ''],
    ['zero', '0', 'invalid_value', '0'],
    ['a zero bound', '0-3', 'invalid_range', '0-3'],
    ['a fraction', '1.5', 'invalid_value', '1.5'],
    ['an exponent', '1e3', 'invalid_value', '1e3'],
    ['a plus sign', '+3', 'invalid_value', '+3'],
    ['a number past the safe integers', '99999999999999999999', 'invalid_value', '99999999999999999999'],
    [
      'a range past the cap',
      `1-${maxQuantityLimitValues + 1}`,
      'invalid_range',
      `1-${maxQuantityLimitValues + 1}`,
    ],
    ['a huge range', '1-1000000000', 'invalid_range', '1-1000000000'],
    ['ranges that together pass the cap', '1-600,601-1200', 'invalid_range', '601-1200'],
  ])('refuses %s: %j', (_, text, error, part) => {
    expect(parseQuantityLimitRange(text)).toEqual({ ok: false, error, part });
  });

  it('reports the first refused part', () => {
    expect(parseQuantityLimitRange('1,x,5-3')).toEqual({ ok: false, error: 'invalid_value', part: 'x' });
  });

  it('expands a range of exactly the cap to every value', () => {
    const range = parseQuantityLimitRange(`1-${maxQuantityLimitValues}`);
    expect(range.ok && range.values.length).toBe(maxQuantityLimitValues);
  });
});

describe('allowedQuantity', () => {
  it.each([
    ['an allowed quantity is kept', 6, [1, 2, 5, 6], 6],
    ['a quantity outside the list gives the first allowed value', 3, [1, 2, 5, 6], 1],
    ['the first value is the first of the list as given', 3, [5, 2], 5],
    ['an empty list gives 1', 4, [], 1],
  ])('%s', (_, requested, values, expected) => {
    expect(allowedQuantity(requested, values)).toBe(expected);
  });
});
