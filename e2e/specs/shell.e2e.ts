import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, takeCspViolations } from '../support/browser.ts';

describe('the shell in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('opens the Russian landing page with the store meta tags in the HTML', async () => {
    const { context, page, url } = await openPage(browser);
    const response = await page.goto(url('/ru'));
    // What a crawler without JavaScript gets.
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<html lang="ru"');
    expect(html).toMatch(/<title>Cutout — удаление фона/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Удалите фон/);
    expect(await page.title()).toMatch(/удаление фона/);
    await context.close();
  });

  it('runs under a CSP that refuses inline scripts, and the listener sees a violation', async () => {
    const { context, page, url } = await openPage(browser);
    const response = await page.goto(url('/en'));
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The app itself needed nothing the policy refuses.
    expect(takeCspViolations()).toEqual([]);
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    const seen: string[] = [];
    await expect
      .poll(() => {
        seen.push(...takeCspViolations());
        return seen.join('\n');
      })
      .toMatch(/script-src/);
    await context.close();
  });

  it('switches the language on the same path, keeping the query', async () => {
    const { context, page, url } = await openPage(browser);
    await page.goto(url('/en/some/where?search=cat&page=2'));
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitemradio', { name: 'Русский' }).click();
    await page.waitForURL(/\/ru\/some\/where\?search=cat&page=2$/);
    await page.getByRole('heading', { name: 'СТРАНИЦА НЕ НАЙДЕНА' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('localeId'))).toBe('ru');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    await context.close();
  });

  it('shows PAGE NOT FOUND for an unknown path, with status 404 and a way back to the main page', async () => {
    const { context, page, url } = await openPage(browser);
    const response = await page.goto(url('/en/no/such/page'));
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'PAGE NOT FOUND' }).waitFor();
    await page.getByRole('link', { name: 'Back to the main page' }).click();
    await page.waitForURL(/\/en$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await context.close();
  });

  it('sends / to the browser language and remembers it', async () => {
    const { context, page, url } = await openPage(browser, { locale: 'ru-RU' });
    await page.goto(url('/'));
    await page.waitForURL(/\/ru$/);
    await context.close();
  });

  it('remembers the cookie consent across visits', async () => {
    const { context, page, url } = await openPage(browser);
    await page.goto(url('/en'));
    const bar = page.getByRole('region', { name: 'Cookie consent' });
    await bar.waitFor();
    await bar.getByRole('button', { name: 'Accept' }).click();
    await bar.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: 'Cookie consent' }).count()).toBe(0);
    await context.close();
  });

  it('fits a 375 px wide screen: burger menu that locks the page scroll', async () => {
    const { context, page, url } = await openPage(browser, { width: 375, height: 740 });
    await page.goto(url('/en'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Navigation', exact: true });
    await menu.waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.getByRole('button', { name: 'Close menu' }).click();
    await menu.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    await page.screenshot({ path: '/tmp/e2e-375.png' });
    await context.close();
  });

  it('keeps the remove-background screen 375 px wide however many images wait', async () => {
    const { context, page, url } = await openPage(browser, { width: 375, height: 740 });
    await page.goto(url('/en/remove-background'));
    await page.getByRole('heading', { level: 1, name: 'Remove background' }).waitFor();
    // Files the page refuses itself (not images): they join the list without a call to the server.
    const notes = (name: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from('notes') });
    await page.getByLabel('Images to process').setInputFiles([notes('a.txt'), notes('b.txt')]);
    const more = page.getByLabel('Images to process').last();
    await more.setInputFiles([notes('c.txt'), notes('d.txt'), notes('e.txt'), notes('f.txt')]);
    await page.getByRole('button', { name: /^f\.txt/ }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('keeps the header on screen once the page is scrolled', async () => {
    const { context, page, url } = await openPage(browser);
    await page.goto(url('/en'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => window.scrollY > 1000);
    const top = await page.getByRole('banner').evaluate((header) => header.getBoundingClientRect().top);
    expect(top).toBe(0);
    await context.close();
  });
});
