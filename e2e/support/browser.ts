import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
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
