import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { type Analytics, noAnalytics } from './analytics.ts';

const AnalyticsContext = createContext<Analytics>(noAnalytics);

export function AnalyticsProvider({ analytics, children }: { analytics: Analytics; children: ReactNode }) {
  return <AnalyticsContext value={analytics}>{children}</AnalyticsContext>;
}

/** The analytics counter, for goals (`reachGoal('img_upload')`). */
export function useAnalytics(): Analytics {
  return useContext(AnalyticsContext);
}

/** Reports a page view on every navigation, the first page included (SPEC §2.2). */
export function PageViewReporter() {
  const analytics = useAnalytics();
  const { pathname, search } = useLocation();
  const previous = useRef<string | undefined>(undefined);
  useEffect(() => {
    const url = `${pathname}${search}`;
    if (previous.current === url) return;
    const referer = previous.current
      ? new URL(previous.current, window.location.origin).href
      : document.referrer;
    analytics.hit(url, { title: document.title, referer });
    previous.current = url;
  }, [analytics, pathname, search]);
  return null;
}
