import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { inject } from 'vitest';

/** The flags that keep Debian's Chromium quiet and working on a closed network, as root. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Launches Debian's Chromium (never a downloaded browser). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
}

/** Content-Security-Policy violations seen by any page since the last call; see support/csp.ts. */
const cspViolations: string[] = [];
export const takeCspViolations = (): string[] => cspViolations.splice(0);

/** Reports every CSP violation of the page to the console, where the listener below collects it. */
const reportCspViolations = () =>
  document.addEventListener('securitypolicyviolation', (event) =>
    console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`),
  );

/** A fresh browser context (empty storage) and a page on the test server, watched for CSP violations. */
export async function openPage(
  browser: Browser,
  options: { width?: number; height?: number; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page; url: (path: string) => string }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    locale: options.locale ?? 'en-US',
  });
  await context.addInitScript(reportCspViolations);
  context.on('console', (message) => {
    const text = message.text();
    if (/CSP violation|Content Security Policy/.test(text))
      cspViolations.push(`${message.page()?.url()}: ${text}`);
  });
  const page = await context.newPage();
  const baseURL = inject('baseURL');
  return { context, page, url: (path: string) => `${baseURL}${path}` };
}

/**
 * Waits until the page has had no request in flight for `quietMs`, like Playwright's `networkidle`
 * but with a window one fifth as long (its 500 ms, paid on every page of a long audit, is most of
 * the wait). Returns a function to call after each navigation.
 */
export function quietNetwork(page: Page, quietMs = 100): () => Promise<void> {
  const inFlight = new Set<Request>();
  let changed = Date.now();
  const ended = (request: Request) => {
    inFlight.delete(request);
    changed = Date.now();
  };
  page.on('request', (request) => {
    inFlight.add(request);
    changed = Date.now();
  });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return async () => {
    const deadline = Date.now() + 15_000;
    while (inFlight.size > 0 || Date.now() - changed < quietMs) {
      if (Date.now() > deadline) throw new Error(`requests still in flight after 15 s: ${inFlight.size}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
}
