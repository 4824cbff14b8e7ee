import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { usePageTitleOverride } from '../../shared/meta/page-title.ts';
import { useOptionalStoreInfo } from '../../shared/store-info/store-info-context.tsx';
import { applyDocumentMeta, type RouteHandle, type RouteMeta, resolveDocumentMeta } from './document-meta.ts';

function deepestMeta(matches: ReturnType<typeof useMatches>): RouteMeta | undefined {
  for (let index = matches.length - 1; index >= 0; index--) {
    const meta = (matches[index]?.handle as RouteHandle | undefined)?.meta;
    if (meta) return meta;
  }
  return undefined;
}

/** Keeps document.title and the description and keywords meta tags in step with the route (SPEC §2.2). */
export function DocumentMetaUpdater({ override }: { override?: RouteMeta }) {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const info = useOptionalStoreInfo();
  const meta = override ?? deepestMeta(matches);
  const pageTitle = usePageTitleOverride();
  const storeName = info?.name ?? t('brand');
  const storeItems = info?.htmlMetaTagItems;
  const language = i18n.language;

  useEffect(() => {
    // The language is a dependency: the texts are re-read after it switches.
    void language;
    applyDocumentMeta(resolveDocumentMeta({ meta, pageTitle, storeName, storeItems: storeItems ?? [], t }));
  }, [meta, pageTitle, storeName, storeItems, t, language]);

  return null;
}
