import { describe, expect, it } from 'vitest';
import { storeInfoFixture } from '../../test/fixtures.ts';
import { defaultCurrencyId, litreBalance } from './store-info.ts';
import { storeOption } from './store-options.ts';

describe('store info helpers', () => {
  it('sums the partner actions into the litre balance', () => {
    expect(litreBalance(storeInfoFixture())).toBe(7);
    expect(litreBalance({ partnerActions: [] })).toBe(0);
    expect(
      litreBalance({
        partnerActions: [
          { id: 'a', quantity: 5 },
          { id: 'b', quantity: -1 },
        ],
      }),
    ).toBe(4);
  });

  it('defaults to the currency coded RUB, else the store currency', () => {
    const info = storeInfoFixture({ currencyId: 'USD' });
    expect(defaultCurrencyId(info)).toBe('RUB');
    expect(
      defaultCurrencyId({ ...info, currencies: info.currencies.filter((c) => c.characterCode !== 'RUB') }),
    ).toBe('USD');
  });

  it('reads option flags, off when absent', () => {
    const info = storeInfoFixture();
    expect(storeOption(info, 'UserEmailRequired')).toBe(true);
    expect(storeOption(info, 'AllowDelivery')).toBe(false);
  });
});
