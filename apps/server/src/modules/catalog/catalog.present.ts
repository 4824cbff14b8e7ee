import type { FileRef, Product, ProductTypeId } from '@cutout/contracts';
import type { FilesService } from '../files/files.service.ts';
import type { CatalogRepo, ProductRow } from './catalog.repo.ts';

/** A localized text in a language, else in English, else in any language it has. */
export const localized = (text: Record<string, string>, language: string): string =>
  text[language] ?? text.en ?? Object.values(text)[0] ?? '';

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
    useFeatureOptionId: 'use_feature_options.use_by_product',
    images,
    primaryImage: images[0] ?? null,
  };
}
