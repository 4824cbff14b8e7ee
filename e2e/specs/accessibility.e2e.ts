import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerByApi, uniqueEmail } from '../support/accounts.ts';
import { launchBrowser, openPage, quietNetwork } from '../support/browser.ts';
import { signIn } from '../support/shop.ts';

/** axe-core's browser build, injected into each page (the CSP is bypassed for it in this spec only). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/** The WCAG 2.1 A/AA rules' serious and critical violations of the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (context: Document, options: object) => Promise<{ violations: unknown[]; passes: unknown[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      // Every node of a violation is reported; passes keep one node each (enough to count them).
      resultTypes: ['violations'],
    });
    // A run that checked nothing would pass anything.
    if (result.passes.length === 0) throw new Error('axe checked no rule on this page');
    return result.violations;
  });
  return (violations as Violation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id}: ${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
      ),
    );
}

/** The pages of SPEC §2.1 a visitor opens, and one of each kind of detail page. */
const publicPaths = [
  '',
  '/remove-background',
  '/pricing',
  '/blog',
  '/blog/what-is-a-litre',
  '/integration/1c',
  '/integration/order',
  '/integration/api',
  '/payment-options',
  '/refund-policy',
  '/offer',
  '/terms-and-conditions',
  '/privacy-policy',
  '/cookies',
  '/contacts',
  '/products/catalog',
  '/products/product_litres_10',
  '/no-such-page',
];

/** The pages of a signed-in customer. */
const accountPaths = [
  '/user',
  '/user/api',
  '/user/orders',
  '/user/pincodes',
  '/user/personal-account',
  '/shopping-cart',
];

/**
 * Every page in both languages at 1440 px and 375 px passes axe-core's WCAG 2.1 A/AA rules with no
 * serious or critical violation. Each page is opened as a person opens it (the cookie bar accepted,
 * so that it covers nothing) and checked once the app has drawn it.
 */
describe('accessibility (axe-core, WCAG 2.1 A/AA)', () => {
  let browser: Browser;
  const password = 'a11y-secret-1';
  const email = uniqueEmail('a11y');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  async function audit(language: 'en' | 'ru', width: number, paths: string[], signedIn: boolean) {
    const { context, page, url } = await openPage(browser, { width, height: 900 });
    await context.addInitScript(() => localStorage.setItem('cookie-accepted', 'true'));
    if (signedIn) {
      await page.goto(url(`/${language}`));
      await signIn(page, language, email, password);
    }
    const settled = quietNetwork(page);
    const found: string[] = [];
    for (const path of paths) {
      await page.goto(url(`/${language}${path}`));
      await page.locator('main h1').first().waitFor({ timeout: 15_000 });
      await settled();
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 15_000 });
      for (const violation of await seriousViolations(page))
        found.push(`${language} ${width} ${path || '/'}: ${violation}`);
    }
    await context.close();
    return found;
  }

  for (const language of ['en', 'ru'] as const) {
    for (const width of [1440, 375]) {
      it(`public pages, ${language}, ${width} px`, { timeout: 180_000 }, async () => {
        expect(await audit(language, width, publicPaths, false)).toEqual([]);
      });
    }
  }

  it('the account pages, in both languages and widths', { timeout: 180_000 }, async () => {
    await registerByApi((path) => `${inject('baseURL')}${path}`, email, password);
    const found: string[] = [];
    for (const language of ['en', 'ru'] as const) {
      for (const width of [1440, 375]) found.push(...(await audit(language, width, accountPaths, true)));
    }
    expect(found).toEqual([]);
  });
});
