import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { PageViewReporter } from '../../shared/analytics/analytics-context.tsx';
import { preferredLanguage } from '../../shared/i18n/languages.ts';

/** The top route: page-view reporting and scroll restoration for every page. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <PageViewReporter />
      <ScrollRestoration />
    </>
  );
}

/** `/` goes to the stored locale's language, else the browser's. */
export function RootRedirect() {
  const { search, hash } = useLocation();
  return <Navigate replace to={`/${preferredLanguage()}${search}${hash}`} />;
}
