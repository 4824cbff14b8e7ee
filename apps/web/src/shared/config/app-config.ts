/** Settings the server writes into index.html as `window.__APP_CONFIG__`. */
export interface AppConfig {
  analyticsCounterId: string | null;
}

declare global {
  interface Window {
    __APP_CONFIG__?: unknown;
  }
}

/** Reads `window.__APP_CONFIG__` defensively: it is absent in development and may be malformed. */
export function readAppConfig(
  source: unknown = typeof window === 'undefined' ? undefined : window.__APP_CONFIG__,
): AppConfig {
  const config: AppConfig = { analyticsCounterId: null };
  if (!source || typeof source !== 'object') return config;
  const counter = (source as Record<string, unknown>).analyticsCounterId;
  if (
    (typeof counter === 'string' && /^\d+$/.test(counter.trim())) ||
    (typeof counter === 'number' && counter > 0)
  ) {
    config.analyticsCounterId = String(counter).trim();
  }
  return config;
}
