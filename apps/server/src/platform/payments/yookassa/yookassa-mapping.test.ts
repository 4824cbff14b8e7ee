import { describe, expect, it } from 'vitest';
import { fromAmount, toAmount } from './yookassa-mapping.ts';
import { sourceMatcher, yookassaNotificationSources } from './yookassa-sources.ts';

describe('YooKassa mapping', () => {
  it('writes amounts as YooKassa does and reads them back exactly', () => {
    expect(toAmount({ amountMinor: 123450, currency: 'RUB' })).toEqual({ value: '1234.50', currency: 'RUB' });
    expect(toAmount({ amountMinor: 5, currency: 'RUB' }).value).toBe('0.05');
    expect(fromAmount({ value: '1234.5', currency: 'RUB' })).toEqual({
      amountMinor: 123450,
      currency: 'RUB',
    });
    expect(() => fromAmount({ value: '1.234', currency: 'RUB' })).toThrow();
  });

  it('knows YooKassa’s published ranges', () => {
    const allowed = sourceMatcher(yookassaNotificationSources);
    expect(['185.71.76.1', '77.75.156.11', '77.75.154.200', '2a02:5180::1'].every(allowed)).toBe(true);
    expect(['185.71.76.32', '77.75.156.12', '127.0.0.1', 'not-an-ip'].some(allowed)).toBe(false);
  });
});
