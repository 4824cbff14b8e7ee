import { formatMoney } from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import { asRead } from '../../test/text.ts';
import { formatPrice } from './price.ts';

describe('formatPrice', () => {
  it('formats in roubles for the ru locale by default, with 2 fraction digits', () => {
    expect(asRead(formatPrice(1234.5))).toBe('1 234,50 ₽');
    expect(asRead(formatPrice(100))).toBe('100,00 ₽');
  });

  it('follows the given currency and locale', () => {
    expect(formatPrice(1234.5, { currency: 'USD', locale: 'en' })).toBe('$1,234.50');
    expect(asRead(formatPrice(9.99, { currency: 'EUR', locale: 'ru' }))).toBe('9,99 €');
  });

  it('rounds to 2 fraction digits', () => {
    expect(formatPrice(10.456, { currency: 'USD', locale: 'en' })).toBe('$10.46');
  });

  it('shows the no-price text for a missing price', () => {
    expect(formatPrice(null, { noPriceText: 'No price' })).toBe('No price');
    expect(formatPrice(undefined, { noPriceText: 'No price' })).toBe('No price');
    expect(formatPrice(Number.NaN, { noPriceText: 'No price' })).toBe('No price');
  });

  it('may show an alternative text for zero', () => {
    expect(formatPrice(0, { zeroText: 'Free' })).toBe('Free');
    expect(asRead(formatPrice(0))).toBe('0,00 ₽');
  });

  it("writes a currency's own fraction digits, as the mails and invoices do", () => {
    expect(formatPrice(1234, { currency: 'JPY', locale: 'en' })).toBe('¥1,234');
    for (const [minor, currency, digits] of [
      [123_456, 'RUB', 2],
      [999, 'USD', 2],
      [5, 'EUR', 2],
      [1234, 'JPY', 0],
    ] as const) {
      for (const locale of ['en', 'ru']) {
        const major = minor / 10 ** digits;
        expect(formatPrice(major, { currency, locale })).toBe(formatMoney(minor, currency, locale));
      }
    }
  });
});
