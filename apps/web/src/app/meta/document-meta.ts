import type { HtmlMetaTagItem } from '@cutout/contracts';

/** Route data for the page's meta tags (`handle.meta` of a route). */
export interface RouteMeta {
  /** Translation key of the page title; the store name is appended. */
  titleKey?: string;
  /** Translation key of the description; the store's description otherwise. */
  descriptionKey?: string;
  /** Take title, description and keywords from the store's htmlMetaTagItems (the main page). */
  fromStore?: boolean;
}

export interface RouteHandle {
  meta?: RouteMeta;
}

export interface DocumentMeta {
  title: string;
  description?: string;
  keywords?: string;
}

export function storeMetaTag(items: readonly HtmlMetaTagItem[], type: 'title' | 'description' | 'keywords') {
  return items.find((item) => item.typeId === `html_meta_tag_types.${type}`)?.content;
}

/** The meta tags of a page from its route data and the store's defaults. */
export function resolveDocumentMeta(options: {
  meta: RouteMeta | undefined;
  /** A title the page set itself (a product's name); it replaces the route's title. */
  pageTitle?: string | null;
  storeName: string;
  storeItems: readonly HtmlMetaTagItem[];
  t: (key: string) => string;
}): DocumentMeta {
  const { meta, pageTitle, storeName, storeItems, t } = options;
  const storeTitle = storeMetaTag(storeItems, 'title');
  const routeTitle = meta?.titleKey && !meta.fromStore ? t(meta.titleKey) : null;
  const ownTitle = pageTitle ?? routeTitle;
  const title = ownTitle ? `${ownTitle} — ${storeName}` : (storeTitle ?? storeName);
  return {
    title,
    description: meta?.descriptionKey ? t(meta.descriptionKey) : storeMetaTag(storeItems, 'description'),
    keywords: storeMetaTag(storeItems, 'keywords'),
  };
}

function setMetaTag(attribute: 'name' | 'property', key: string, content: string | undefined) {
  if (content === undefined) return;
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.append(tag);
  }
  tag.content = content;
}

/** Writes the title and the meta tags the server put in index.html (or creates them in development). */
export function applyDocumentMeta(meta: DocumentMeta): void {
  document.title = meta.title;
  setMetaTag('name', 'description', meta.description);
  setMetaTag('name', 'keywords', meta.keywords);
  setMetaTag('property', 'og:title', meta.title);
  setMetaTag('property', 'og:description', meta.description);
}
