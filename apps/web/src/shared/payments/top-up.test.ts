import { describe, expect, it } from 'vitest';
import { parseAmount, plainAmount, quickTopUps, topUpQuantity } from './top-up.ts';

describe('top-up amounts', () => {
  it('reads an amount as people type it, in minor units of the currency', () => {
    expect(parseAmount('1 500', 'RUB')).toBe(150_000);
    expect(parseAmount('1\u00a0500,5', 'RUB')).toBe(150_050);
    expect(parseAmount('12.05', 'USD')).toBe(1205);
    expect(parseAmount('500', 'JPY')).toBe(500);
    for (const typed of ['', '12.345', '1e3', '-5', '12,5,0', 'abc', '5.']) {
      expect(parseAmount(typed, 'RUB')).toBeNull();
    }
    expect(parseAmount('5.5', 'JPY')).toBeNull();
  });

  it('writes minor units back as a field shows them', () => {
    expect(plainAmount(50_000, 'RUB')).toBe('500');
    expect(plainAmount(1250, 'USD')).toBe('12.50');
    expect(plainAmount(700, 'JPY')).toBe('700');
  });

  it('buys whole units from 1 to the limit, and nothing in between', () => {
    const rouble = { amountMinor: 100, currency: 'RUB' };
    expect(topUpQuantity('750', rouble, 100_000)).toBe(750);
    expect(topUpQuantity('0', rouble, 100_000)).toBeNull();
    expect(topUpQuantity('100001', rouble, 100_000)).toBeNull();
    expect(topUpQuantity('12.50', rouble, 100_000)).toBeNull();
    const tenner = { amountMinor: 1000, currency: 'USD' };
    expect(topUpQuantity('30', tenner, 100)).toBe(3);
    expect(topUpQuantity('35', tenner, 100)).toBeNull();
  });

  it('offers one-click amounts that suit the currency', () => {
    expect(quickTopUps('RUB')).toEqual([500, 1000, 3000]);
    expect(quickTopUps('USD')).toEqual([10, 25, 50]);
  });
});
