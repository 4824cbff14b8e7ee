import {
  type Money,
  maxCartQuantity,
  type ProductTradeOffer,
  parseQuantityLimitRange,
} from '@cutout/contracts';

export type FeatureItem = ProductTradeOffer['featureItems'][number];

/** The options of one feature (a colour, a size) in the order the offer lists them. */
export interface FeatureGroup {
  featureId: string;
  featureName: Record<string, string>;
  items: FeatureItem[];
}

/** A feature id → the value chosen for it: { colour: 'white' }. */
export type FeatureSelection = Record<string, string>;

/** The most a buyer can pick in the quantity field of an unlimited product: the cart's own limit. */
export const maxFreeQuantity = maxCartQuantity;

/** A localized text in the language, else in English, else in whatever language it has. */
export function localizedText(text: Record<string, string>, language: string): string {
  return text[language] || text.en || Object.values(text).find(Boolean) || '';
}

/** The offer's feature items grouped by feature, each group and its items in the offer's order. */
export function featureGroups(items: readonly FeatureItem[]): FeatureGroup[] {
  const groups = new Map<string, FeatureGroup>();
  for (const item of items) {
    const group = groups.get(item.featureId);
    if (group) group.items.push(item);
    else
      groups.set(item.featureId, { featureId: item.featureId, featureName: item.featureName, items: [item] });
  }
  return [...groups.values()];
}

/**
 * The chosen item of each feature: the value the query names when the feature has it, else the
 * feature's first item (an address with a stale or made-up value still opens the page).
 */
export function chosenItems(
  groups: readonly FeatureGroup[],
  requested: Readonly<FeatureSelection>,
): FeatureItem[] {
  return groups.map(
    (group) => group.items.find((item) => item.value === requested[group.featureId]) ?? group.items[0]!,
  );
}

/**
 * The unit price of the offer with these items chosen: a chosen item's own price replaces the
 * offer's; an item without a price keeps it. Should several chosen items have prices, the last
 * feature's wins (the seller lists the feature that sets the price last).
 */
export function unitPrice(offerPrice: Money | null, chosen: readonly FeatureItem[]): Money | null {
  return chosen.reduce<Money | null>((price, item) => item.price ?? price, offerPrice);
}

/** How the quantity is picked: from the allowed quantities, or typed within bounds. */
export type QuantityChoice = { kind: 'list'; values: number[] } | { kind: 'number'; max: number };

/**
 * The quantity field of a product (SPEC §5): a limited product with a readable range offers its
 * allowed quantities, those above the stock left out; any other product takes 1 up to the stock
 * (or {@link maxFreeQuantity} for unlimited goods). A range the seller mistyped falls back to the
 * typed field rather than leaving the product unbuyable.
 */
export function quantityChoice(options: {
  useQuantityLimit: boolean;
  quantityLimitRange: string | null;
  availableQuantity: number | null;
}): QuantityChoice {
  const { useQuantityLimit, quantityLimitRange, availableQuantity } = options;
  const max = availableQuantity === null ? maxFreeQuantity : Math.max(availableQuantity, 0);
  if (useQuantityLimit && quantityLimitRange) {
    const range = parseQuantityLimitRange(quantityLimitRange);
    if (range.ok) return { kind: 'list', values: range.values.filter((value) => value <= max) };
  }
  return { kind: 'number', max };
}

/** A typed quantity brought within 1..max (1 for anything that is not a number). */
export function clampQuantity(value: number, max: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(Math.max(Math.trunc(value), 1), Math.max(max, 1));
}

/** The price of `quantity` units, or null without a unit price. */
export function totalPrice(price: Money | null, quantity: number): Money | null {
  return price && { amountMinor: price.amountMinor * quantity, currency: price.currency };
}
