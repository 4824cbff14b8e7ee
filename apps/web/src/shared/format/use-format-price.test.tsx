import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { storeInfoFixture } from '../../test/fixtures.ts';
import { asRead } from '../../test/text.ts';
import { i18n } from '../i18n/i18n.ts';
import { StoreInfoProvider } from '../store-info/store-info-context.tsx';
import { useFormatPrice } from './use-format-price.ts';

function wrapper({ children }: { children: ReactNode }) {
  return <StoreInfoProvider value={storeInfoFixture({ currencyId: 'USD' })}>{children}</StoreInfoProvider>;
}

describe('useFormatPrice', () => {
  it("formats in the store's currency and the UI language", async () => {
    const { result, rerender } = renderHook(() => useFormatPrice(), { wrapper });
    expect(result.current(12.5)).toBe('$12.50');
    await act(() => i18n.changeLanguage('ru'));
    rerender();
    expect(asRead(result.current(12.5))).toBe('12,50 $');
  });

  it('says the price is missing in the UI language', async () => {
    const { result, rerender } = renderHook(() => useFormatPrice());
    expect(result.current(null)).toBe('No price');
    await act(() => i18n.changeLanguage('ru'));
    rerender();
    expect(result.current(undefined)).toBe('Цена не указана');
    expect(asRead(result.current(1000))).toBe('1 000,00 ₽');
  });
});
