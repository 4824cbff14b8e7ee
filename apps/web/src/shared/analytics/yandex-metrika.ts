import type { AppConfig } from '../config/app-config.ts';
import { readItem, storageKeys } from '../storage/local-storage.ts';
import { type Analytics, afterConsent, noAnalytics } from './analytics.ts';

type YandexMetrika = ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };

declare global {
  interface Window {
    ym?: YandexMetrika;
  }
}

export const metrikaScriptUrl = 'https://mc.yandex.ru/metrika/tag.js';

/**
 * Yandex Metrika. Calls queue in `window.ym` until the tag script arrives (the counter's own
 * snippet does the same). Hits are sent by hand on every navigation, so the counter is created
 * with `defer: true` and does not count the first page by itself.
 */
export function createYandexMetrika(
  counterId: string,
  target: { window: Window; document: Document } = { window, document },
): Analytics {
  const { window: win, document: doc } = target;
  if (!win.ym) {
    const queue: YandexMetrika = (...args: unknown[]) => {
      queue.a = queue.a ?? [];
      queue.a.push(args);
    };
    queue.l = Date.now();
    win.ym = queue;
  }
  if (!doc.querySelector(`script[src="${metrikaScriptUrl}"]`)) {
    const script = doc.createElement('script');
    script.async = true;
    script.src = metrikaScriptUrl;
    doc.head.append(script);
  }
  const id = Number(counterId);
  const ym = (...args: unknown[]) => win.ym?.(...args);
  ym(id, 'init', {
    defer: true,
    clickmap: true,
    trackLinks: true,
    accurateTrackBounce: true,
    webvisor: false,
  });

  return {
    hit: (url, options) => ym(id, 'hit', url, options ?? {}),
    reachGoal: (goal) => ym(id, 'reachGoal', goal),
  };
}

/**
 * The counter named by the app config, or none at all. It is loaded only once the visitor accepted
 * cookies (the cookie policy says so): until then no script is fetched and nothing is sent.
 */
export function createAnalytics(config: AppConfig): Analytics {
  const { analyticsCounterId } = config;
  if (!analyticsCounterId) return noAnalytics;
  return afterConsent(
    () => createYandexMetrika(analyticsCounterId),
    () => readItem(storageKeys.cookieAccepted) === 'true',
  );
}
