import { useStoreInfo } from '../store-info/store-info-context.tsx';
import { storeOption } from '../store-info/store-options.ts';

/** Whether none of an offer is left; null is an offer whose stock is not kept. */
export const noneLeft = (availableQuantity: number | null) =>
  availableQuantity !== null && availableQuantity <= 0;

/**
 * What an offer's stock tells a buyer (SPEC §5): some is in stock; none is, and the store counts
 * stock, so it cannot be bought ('out'); or none is, and the store does not count stock, so it is an
 * order to fill later ('onOrder'). Null for an offer whose stock is not kept.
 */
export type StockState = 'inStock' | 'out' | 'onOrder';

export function stockState(availableQuantity: number | null, countsStock: boolean): StockState | null {
  if (availableQuantity === null) return null;
  if (!noneLeft(availableQuantity)) return 'inStock';
  return countsStock ? 'out' : 'onOrder';
}

/** Whether the store counts stock (AllowClientProductInStock): then it sells only what is in it. */
export const useCountsStock = (): boolean => storeOption(useStoreInfo(), 'AllowClientProductInStock');
