import type { FileRef, Product, ProductKind, ProductSet, ProductTypeId } from '@cutout/contracts';
import { localized } from '../../platform/localized.ts';
import type { FilesService } from '../files/files.service.ts';
import type { CatalogRepo, KindRow, ProductRow, SetRow } from './catalog.repo.ts';

/** A localized text in a language, else in English, else in any language it has. */
export { localized };

/** Each product's images in display order, with the files module's updatedAt. */
export async function imagesOf(
  deps: { repo: Pick<CatalogRepo, 'imagesOf'>; files: Pick<FilesService, 'refsOf'> },
  productIds: string[],
): Promise<Map<string, FileRef[]>> {
  const links = await deps.repo.imagesOf(productIds);
  const refs = new Map(
    (await deps.files.refsOf([...new Set(links.map((link) => link.fileId))])).map((ref) => [ref.id, ref]),
  );
  const images = new Map<string, FileRef[]>();
  for (const { productId, fileId } of links) {
    const ref = refs.get(fileId);
    if (ref) images.set(productId, [...(images.get(productId) ?? []), ref]);
  }
  return images;
}

/** A product row as the API answers it (SPEC §3), in a language. */
export function presentProduct(
  product: Omit<ProductRow, 'searchDocument'>,
  images: FileRef[],
  language: string,
): Product {
  return {
    id: product.id,
    slugifyId: product.slug,
    typeId: `product_types.${product.type}` as ProductTypeId,
    unitId: product.unitId,
    groupId: product.groupId,
    name: localized(product.name, language),
    defaultName: localized(product.name, 'en'),
    displayName: product.name,
    description: product.description,
    caption: product.caption,
    article: product.article,
    litres: product.litres,
    useQuantityLimit: product.useQuantityLimit,
    quantityLimitRange: product.quantityLimitRange,
    vatRatePercent: product.vatRatePercent,
    useFeatureOptionId: `use_feature_options.${product.useFeatureOption}`,
    kindId: product.kindId,
    images,
    primaryImage: images[0] ?? null,
  };
}

/** A kind as the API answers it, in a language. */
export function presentKind(kind: KindRow, language: string): ProductKind {
  return {
    id: kind.id,
    name: localized(kind.name, language),
    displayName: kind.name,
    featureIds: kind.featureIds,
  };
}

/** A set as the API answers it, in a language. */
export function presentSet(set: SetRow, language: string): ProductSet {
  return {
    id: set.id,
    printOptionId: `product_set_print_options.${set.printOption}`,
    setPriceCalculationMethodId: `set_price_calculation_methods.${set.priceCalculationMethod}`,
    items: set.items.map((item) => ({
      productId: item.productId,
      slugifyId: item.slug,
      name: localized(item.name, language),
      quantity: item.quantity,
    })),
  };
}

/**
 * The feature items a product offers: all of its own (use_by_product), or, when it is chosen by
 * its kind (use_by_kind), those of the kind's features only, in the kind's order of features.
 */
export function offeredFeatureItems<T extends { featureId: string }>(
  items: T[],
  product: { useFeatureOption: string },
  kind: KindRow | null,
): T[] {
  if (product.useFeatureOption !== 'use_by_kind' || !kind) return items;
  const rank = (item: T) => kind.featureIds.indexOf(item.featureId);
  return items
    .filter((item) => rank(item) >= 0)
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index)
    .map(({ item }) => item);
}
