import type { FileRef, ProductTradeOffer } from '@cutout/contracts';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { chosenItems, type FeatureGroup, type FeatureItem, featureGroups } from './product-offer.ts';

export interface FeatureSelectionState {
  groups: FeatureGroup[];
  /** The chosen item of each group, in the groups' order. */
  chosen: FeatureItem[];
  choose: (item: FeatureItem) => void;
}

/**
 * The options chosen on a product's page (a colour, a size): kept in the query, so that the address
 * names the chosen colour. Read from the address once, then kept here (the address follows), so
 * that a choice shows at once in the price and the pictures.
 */
export function useFeatureSelection(offer: ProductTradeOffer): FeatureSelectionState {
  const [params, setParams] = useSearchParams();
  const groups = useMemo(() => featureGroups(offer.featureItems), [offer.featureItems]);
  const [requested, setRequested] = useState(() =>
    Object.fromEntries(groups.map((group) => [group.featureId, params.get(group.featureId) ?? ''])),
  );
  const choose = (item: FeatureItem) => {
    setRequested((current) => ({ ...current, [item.featureId]: item.value }));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(item.featureId, item.value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return { groups, chosen: chosenItems(groups, requested), choose };
}

/**
 * The pictures of the product as chosen: the chosen options' own pictures first (the backdrop in
 * the colour picked), then the product's, each once.
 */
export function picturesOf(productImages: readonly FileRef[], chosen: readonly FeatureItem[]): FileRef[] {
  const pictures = [...chosen.flatMap((item) => item.image ?? []), ...productImages];
  return pictures.filter((image, index) => pictures.findIndex((other) => other.id === image.id) === index);
}
