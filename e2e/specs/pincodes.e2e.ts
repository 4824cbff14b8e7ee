import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi, uniqueEmail } from '../support/accounts.ts';
import { launchBrowser, openPage } from '../support/browser.ts';
import { balanceInMenu, buyByApi, signIn } from '../support/shop.ts';

const shots = '/tmp/shots-pincodes';

describe('pin codes in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a bought pin code is listed, applied once from the pin codes page, and its litres reach the header', async () => {
    const { page, url } = await openPage(browser, { width: 1440, height: 900 });
    const email = uniqueEmail('pin');
    await registerByApi(url, email, 'pincode-secret');
    await page.goto(url('/en'));
    await page
      .getByRole('region', { name: 'Cookie consent' })
      .getByRole('button', { name: 'Accept' })
      .click();
    await signIn(page, 'en', email, 'pincode-secret');
    await buyByApi(page, url, 'offer_pin_code_20');

    // From the account page to the pin codes page, where the bought code waits, unused.
    await page.goto(url('/en/user'));
    await page.getByRole('link', { name: /^Pin codes/ }).click();
    await page.waitForURL((address) => address.pathname === '/en/user/pincodes');
    const card = page.getByRole('article', { name: /^Pin code [A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/ });
    await card.getByText('Not used yet').waitFor();
    const code = (await card.textContent())?.match(/[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/)?.[0];
    expect(code).toBeDefined();
    await expect.poll(() => balanceInMenu(page), { timeout: 15_000 }).toBe('Balance: 5 L — buy litres');

    // Typed in lower case, without the dashes: applied, and the header counts its litres.
    const field = page.getByRole('textbox', { name: 'Pin code' });
    await field.fill((code ?? '').toLowerCase().replaceAll('-', ''));
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByText('Pincode successfully applied!')
      .waitFor();
    await card.getByText(/^Applied by you on /).waitFor();
    await expect.poll(() => balanceInMenu(page), { timeout: 15_000 }).toBe('Balance: 25 L — buy litres');
    await page.screenshot({ path: `${shots}/pincodes-en-1440.png`, fullPage: true });

    // Once only: the same code again is refused under the field, and the text stays.
    await field.fill(code ?? '');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'This pin code has already been applied.' }).waitFor();
    expect(await field.inputValue()).toBe(code);
    await expect.poll(() => balanceInMenu(page), { timeout: 15_000 }).toBe('Balance: 25 L — buy litres');
  }, 120_000);
});
