import { describe, expect, it } from 'vitest';
import { isPostalCode } from './cart.ts';

describe('isPostalCode', () => {
  it('takes the codes countries write and refuses what none does', () => {
    for (const code of ['101000', '10115', 'SW1A 1AA', 'K1A 0B6', '123-4567', '1010'])
      expect(isPostalCode(code), code).toBe(true);
    for (const code of ['abc', '12', 'ABC DEF', '12345678901', '-1234', '1234 ', '12_34'])
      expect(isPostalCode(code), code).toBe(false);
  });
});
