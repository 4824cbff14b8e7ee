import { currencyMinorUnits, type Money } from '@cutout/contracts';
import { useFormatPrice } from '../../shared/format/use-format-price.ts';

/** A trade offer's price as SPEC §9 shows it (123,45 ₽), or 'No price' when it has none. */
export function useOfferPrice(price: Money | null): string {
  const format = useFormatPrice();
  if (!price) return format(null);
  return format(price.amountMinor / 10 ** currencyMinorUnits[price.currency], price.currency);
}
