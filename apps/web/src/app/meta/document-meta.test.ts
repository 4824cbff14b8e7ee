import type { HtmlMetaTagItem } from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import { applyDocumentMeta, resolveDocumentMeta } from './document-meta.ts';

const storeItems: HtmlMetaTagItem[] = [
  { typeId: 'html_meta_tag_types.title', content: 'Cutout — remove backgrounds' },
  { typeId: 'html_meta_tag_types.description', content: 'Store description' },
  { typeId: 'html_meta_tag_types.keywords', content: 'background, remover' },
];
const t = (key: string) => ({ 'meta.notFound': 'Page not found', 'meta.pricingText': 'Plans' })[key] ?? key;

describe('document meta', () => {
  it("takes the main page's tags from the store", () => {
    expect(resolveDocumentMeta({ meta: { fromStore: true }, storeName: 'Cutout', storeItems, t })).toEqual({
      title: 'Cutout — remove backgrounds',
      description: 'Store description',
      keywords: 'background, remover',
    });
  });

  it('titles other pages from their route data, with the store name', () => {
    const meta = resolveDocumentMeta({
      meta: { titleKey: 'meta.notFound', descriptionKey: 'meta.pricingText' },
      storeName: 'Cutout',
      storeItems,
      t,
    });
    expect(meta).toEqual({
      title: 'Page not found — Cutout',
      description: 'Plans',
      keywords: 'background, remover',
    });
  });

  it('falls back to the store name without any meta data', () => {
    expect(resolveDocumentMeta({ meta: undefined, storeName: 'Cutout', storeItems: [], t }).title).toBe(
      'Cutout',
    );
  });

  it("puts a page's own title (a product's name) in place of the route's", () => {
    const meta = resolveDocumentMeta({
      meta: { titleKey: 'meta.notFound' },
      pageTitle: 'Light box',
      storeName: 'Cutout',
      storeItems,
      t,
    });
    expect(meta.title).toBe('Light box — Cutout');
  });

  it('updates the tags the server rendered', () => {
    document.head.innerHTML =
      '<meta name="description" content="old"><meta property="og:title" content="old">';
    applyDocumentMeta({ title: 'New', description: 'New description', keywords: 'k' });
    expect(document.title).toBe('New');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'New description',
    );
    expect(document.head.querySelector('meta[name="keywords"]')).toHaveAttribute('content', 'k');
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute('content', 'New');
  });
});
