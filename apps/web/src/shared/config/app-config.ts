/**
 * Settings the server writes into index.html as a JSON data block,
 * `<script type="application/json" id="app-config">{…}</script>`: data, not a script, so that the
 * Content-Security-Policy needs no inline scripts.
 */
export interface AppConfig {
  analyticsCounterId: string | null;
}

export const appConfigElementId = 'app-config';

/** The settings in `config` (parsed JSON, any shape); what is missing or malformed gets its default. */
export function appConfigFrom(config: unknown): AppConfig {
  const result: AppConfig = { analyticsCounterId: null };
  if (!config || typeof config !== 'object') return result;
  const counter = (config as Record<string, unknown>).analyticsCounterId;
  if (
    (typeof counter === 'string' && /^\d+$/.test(counter.trim())) ||
    (typeof counter === 'number' && Number.isSafeInteger(counter) && counter > 0)
  ) {
    result.analyticsCounterId = String(counter).trim();
  }
  return result;
}

/**
 * Reads the data block defensively: it is absent in development, and anything but a JSON script
 * element with valid JSON gives the defaults.
 */
export function readAppConfig(
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
): AppConfig {
  const element = doc?.getElementById(appConfigElementId);
  if (element?.tagName !== 'SCRIPT' || element.getAttribute('type') !== 'application/json') {
    return appConfigFrom(null);
  }
  try {
    return appConfigFrom(JSON.parse(element.textContent ?? ''));
  } catch {
    return appConfigFrom(null);
  }
}
