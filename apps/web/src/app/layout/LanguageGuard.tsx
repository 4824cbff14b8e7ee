import { pageRoots } from '@cutout/contracts';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../features/errors/NotFoundPage.tsx';
import { i18n } from '../../shared/i18n/i18n.ts';
import { isLanguage, type Language, preferredLanguage } from '../../shared/i18n/languages.ts';
import { LanguageProvider } from '../../shared/routing/language-context.tsx';
import { bareErrorPaths, localizedPath, pathWithoutLanguage } from '../../shared/routing/paths.ts';
import { DocumentMetaUpdater } from '../meta/DocumentMetaUpdater.tsx';
import { Shell } from './Shell.tsx';
import { StoreGate } from './StoreGate.tsx';

export const notFoundMeta = { titleKey: 'meta.notFound' };

/**
 * The `/:lang` route. A supported language loads the store (StoreGate); the service error pages
 * open without it. A known page without a language (/pricing) moves under the visitor's language;
 * any other first segment is a page that does not exist.
 */
export function LanguageGuard() {
  const { lang } = useParams();
  const location = useLocation();

  if (!isLanguage(lang)) {
    const language = preferredLanguage();
    if (lang && pageRoots.has(lang)) {
      return (
        <Navigate
          replace
          to={`${localizedPath(language, location.pathname)}${location.search}${location.hash}`}
        />
      );
    }
    return (
      <StoreGate language={language}>
        <Shell meta={notFoundMeta}>
          <NotFoundPage />
        </Shell>
      </StoreGate>
    );
  }

  if (bareErrorPaths.has(pathWithoutLanguage(location.pathname))) {
    return <BareLanguageLayout language={lang} />;
  }

  return (
    <StoreGate language={lang}>
      <Outlet />
    </StoreGate>
  );
}

/** The service error pages: the address's language, no store info, no shell. */
function BareLanguageLayout({ language }: { language: Language }) {
  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
    document.documentElement.lang = language;
  }, [language]);
  return (
    <LanguageProvider language={language}>
      <Outlet />
      <DocumentMetaUpdater />
    </LanguageProvider>
  );
}
