import { describe, expect, it } from 'vitest';
import { isPostalCode } from './cart.ts';

describe('isPostalCode', () => {
  it('takes the codes countries write and refuses what none does', () => {
    for (const code of ['101000', '10115', 'SW1A 1AA', 'K1A 0B6', '123-4567', '1010'])
      expect(isPostalCode(code), code).toBe(true);
    for (const code of ['abc', '12', 'ABC DEF', '12345678901', '-1234', '1234 ', '12_34'])
      expect(isPostalCode(code), code).toBe(false);
  });

  it('holds a code to its country where the country writes digits only', () => {
    expect(isPostalCode('101000', 'RU')).toBe(true);
    for (const code of ['10100O', '1010', '1010000', '101 000'])
      expect(isPostalCode(code, 'RU'), code).toBe(false);
    expect(isPostalCode('10115', 'de')).toBe(true);
    expect(isPostalCode('101000', 'DE')).toBe(false);
    expect(isPostalCode('94105-1234', 'US')).toBe(true);
    // A country not listed, or none known: any country's format.
    expect(isPostalCode('SW1A 1AA', 'GB')).toBe(true);
    expect(isPostalCode('10100O', null)).toBe(true);
  });
});
