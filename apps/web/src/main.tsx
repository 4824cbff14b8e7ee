import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient, refetchOnRestore } from './app/query-client.ts';
import { routes } from './app/routes.tsx';
import { createAnalytics } from './shared/analytics/yandex-metrika.ts';
import { readAppConfig } from './shared/config/app-config.ts';
import { initI18n } from './shared/i18n/i18n.ts';
import { languageFromPath, preferredLanguage } from './shared/i18n/languages.ts';
import './index.css';

// The address's language first, so that the first paint is already in the right language.
initI18n(languageFromPath(window.location.pathname) ?? preferredLanguage());

const router = createBrowserRouter(routes);
const queryClient = createQueryClient();
refetchOnRestore(queryClient);
const analytics = createAnalytics(readAppConfig());

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} analytics={analytics}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
