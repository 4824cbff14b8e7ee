import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('formatMoney', () => {
  it("writes minor units with the currency's narrow sign in each language", () => {
    const plain = (text: string) => text.replace(/\s/g, ' ');
    expect(plain(formatMoney(123_450, 'RUB', 'ru'))).toBe('1 234,50 ₽');
    expect(formatMoney(123_450, 'RUB', 'en')).toBe('₽1,234.50');
    expect(formatMoney(500, 'USD', 'en')).toBe('$5.00');
    expect(formatMoney(500, 'JPY', 'en')).toBe('¥500');
    expect(formatMoney(0, 'EUR', 'en')).toBe('€0.00');
  });
});
