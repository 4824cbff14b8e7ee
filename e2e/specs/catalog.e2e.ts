import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi, uniqueEmail } from '../support/accounts.ts';
import { launchBrowser, openPage } from '../support/browser.ts';

const shots = '/tmp/shots-catalog';

describe('the catalogue in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('searches from the header, filters, opens a product, keeps it as a favourite and finds it there (ru)', async () => {
    const { context, page, url } = await openPage(browser, { width: 1440, height: 900, locale: 'ru-RU' });
    const email = uniqueEmail('vera');
    await registerByApi(url, email, 'catalogue-secret');

    // Log in through the modal.
    await page.goto(url('/ru'));
    await page.getByRole('button', { name: 'Учётная запись', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Вход / Регистрация' }).click();
    const login = page.getByRole('dialog', { name: 'Вход' });
    await login.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await login.getByLabel('Пароль', { exact: true }).fill('catalogue-secret');
    await login.getByRole('button', { name: 'Войти' }).click();
    await login.waitFor({ state: 'detached' });

    // Search from the header: the catalogue opens with the search a second after typing stops.
    await page.getByRole('searchbox', { name: 'Поиск по каталогу' }).fill('фон');
    await page.waitForURL((address) => address.pathname === '/ru/products/catalog');
    expect(new URL(page.url()).searchParams.get('search')).toBe('фон');
    await page.getByText('Результаты по запросу «фон»').waitFor();
    await page.getByRole('article', { name: 'Бумажные фоны в рулоне' }).waitFor();
    // 'фон' is stemmed: it finds 'фоны' and the litres that remove one ('без фона').
    await page.getByRole('article', { name: '10 литров' }).waitFor();

    // Filter by colour: only what comes in white is left, and the URL says so.
    // The chip is the checkbox's label (the box itself is visually hidden).
    await page.locator('label', { hasText: /^Белый$/ }).click();
    await page.waitForURL((address) => address.searchParams.get('filter') === '{"colour":"white"}');
    await page.getByRole('checkbox', { name: 'Белый', checked: true }).waitFor({ state: 'attached' });
    await page.getByRole('article', { name: '10 литров' }).waitFor({ state: 'detached' });
    await page.getByRole('article', { name: 'Бумажные фоны в рулоне' }).waitFor();
    await page.screenshot({
      animations: 'disabled',
      path: `${shots}/search-filter-ru-1440.png`,
      fullPage: true,
    });

    // The product page, with its price and the favourite button.
    await page.getByRole('link', { name: 'Бумажные фоны в рулоне', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Бумажные фоны в рулоне' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/ru/products/offer_paper_backdrop/paper-backdrop');
    await page
      .getByText(/^2\s500,00\s₽$/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Добавить в избранное' }).click();
    await page.getByRole('status').filter({ hasText: 'Добавлено в избранное' }).waitFor();
    await page.getByRole('button', { name: 'Убрать из избранного' }).waitFor();
    await page.screenshot({ animations: 'disabled', path: `${shots}/product-ru-1440.png`, fullPage: true });

    // The favourites page, from the account menu.
    await page.getByRole('button', { name: 'Учётная запись', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Избранное' }).click();
    await page.waitForURL((address) => address.pathname === '/ru/favorites/catalog');
    await page.getByRole('article', { name: 'Бумажные фоны в рулоне' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ animations: 'disabled', path: `${shots}/favourites-ru-375.png`, fullPage: true });
    await context.close();
  });

  it('shows the read-params error for a list URL it cannot read, not a blank page', async () => {
    const { context, page, url } = await openPage(browser, { locale: 'ru-RU' });
    await page.goto(url('/ru/products/catalog?page=abc'));
    await page.getByRole('heading', { name: 'Не удалось прочитать параметры запроса' }).waitFor();
    await page.goto(url('/ru/products/catalog?filter=%7Bbad'));
    await page.getByRole('heading', { name: 'Не удалось прочитать фильтр' }).waitFor();
    await page.getByRole('link', { name: 'Открыть каталог' }).click();
    await page.getByRole('article', { name: 'Складной лайтбокс' }).waitFor();
    await context.close();
  });
});
