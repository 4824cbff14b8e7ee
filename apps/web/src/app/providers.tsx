import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Analytics } from '../shared/analytics/analytics.ts';
import { AnalyticsProvider } from '../shared/analytics/analytics-context.tsx';
import { i18n } from '../shared/i18n/i18n.ts';
import { ToastProvider } from '../shared/ui/toast-context.tsx';

/** Everything the app needs above the router: data cache, translations, notifications, analytics. */
export function AppProviders({
  queryClient,
  analytics,
  children,
}: {
  queryClient: QueryClient;
  analytics: Analytics;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <AnalyticsProvider analytics={analytics}>
          <ToastProvider>{children}</ToastProvider>
        </AnalyticsProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
