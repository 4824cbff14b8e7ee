import type { FileRef, Language } from '@cutout/contracts';
import { DomainError } from '../../platform/errors.ts';
import { localized } from './catalog.present.ts';
import type { CatalogService, CatalogViewer } from './catalog.service.ts';
import type { CatalogRecordsService } from './catalog-records.service.ts';

/** What a catalogue page's HTML says before any script runs: for crawlers and link previews. */
export interface CatalogPageHead {
  title: string;
  description?: string;
  image?: FileRef;
}

const catalogueTitle: Record<Language, string> = { en: 'Catalogue', ru: 'Каталог' };

/** A description fit for a meta tag: one line, at most 200 characters. */
function summary(text: string): string | undefined {
  const line = text.replace(/\s+/g, ' ').trim();
  if (!line) return undefined;
  return line.length > 200 ? `${line.slice(0, 199).trimEnd()}…` : line;
}

/** A path segment decoded; one with a broken escape stays as it is (and finds nothing). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Runs a lookup; a record that is not there makes no head of its own (the page shows not-found). */
async function unlessMissing<T>(lookup: () => Promise<T>): Promise<T | null> {
  try {
    return await lookup();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/**
 * The head of the catalogue's pages, from the path below the language: /products/catalog (and a
 * group under it: its name and description) and /products/{id-or-slug}/… (the product's name, its
 * caption or description, its primary image). Null for any other path.
 */
export function createCatalogPageHeads(deps: {
  catalog: Pick<CatalogService, 'get'>;
  records: Pick<CatalogRecordsService, 'group'>;
}) {
  return async function catalogPageHead(
    path: string,
    viewer: CatalogViewer & { language: Language },
  ): Promise<CatalogPageHead | null> {
    const [root, first, second] = path.split('/').filter(Boolean).map(decoded);
    if (root !== 'products' || first === undefined) return null;
    if (first === 'catalog') {
      if (second === undefined) return { title: catalogueTitle[viewer.language] };
      const group = await unlessMissing(() => deps.records.group(second, viewer.language));
      return (
        group && { title: group.name, description: summary(localized(group.description, viewer.language)) }
      );
    }
    const offer = await unlessMissing(() => deps.catalog.get(first, viewer));
    if (!offer) return null;
    const { product } = offer;
    return {
      title: product.name,
      description: summary(
        localized(product.caption, viewer.language) || localized(product.description, viewer.language),
      ),
      image: product.primaryImage ?? undefined,
    };
  };
}

export type CatalogPageHeads = ReturnType<typeof createCatalogPageHeads>;
