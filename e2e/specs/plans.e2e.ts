import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByApi, uniqueEmail } from '../support/accounts.ts';
import { launchBrowser, openPage } from '../support/browser.ts';
import { balanceInMenu, payWithCard, signIn } from '../support/shop.ts';

const shots = '/tmp/shots-plans';

/**
 * A photo drawn in the page: a coloured ellipse (the subject) on a pale gradient, as a PNG. Each
 * hue gives other bytes, so that no result is served from a cache.
 */
async function drawnPhoto(page: Page, hue: number): Promise<Buffer> {
  const dataUrl = await page.evaluate((hue) => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 360;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    const sky = context.createLinearGradient(0, 0, 0, 360);
    sky.addColorStop(0, '#eef2f7');
    sky.addColorStop(1, '#c9d3de');
    context.fillStyle = sky;
    context.fillRect(0, 0, 480, 360);
    context.fillStyle = `hsl(${hue} 70% 40%)`;
    context.beginPath();
    context.ellipse(240, 190, 110, 140, 0, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL('image/png');
  }, hue);
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** Spends one litre on a full-size removal through the web app's own call, with the page's session. */
async function spendOneLitre(page: Page, photo: Buffer): Promise<number> {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const form = new FormData();
    form.append('image_file', new Blob([bytes], { type: 'image/png' }), 'drawn.png');
    form.append('size', 'full');
    const response = await fetch('/api/stores/actions/remove-background/execute', {
      method: 'POST',
      headers: { authorization: localStorage.getItem('accessToken') ?? '' },
      body: form,
    });
    return response.status;
  }, photo.toString('base64'));
}

/** Puts a photo on the remove-background screen and waits for its free preview. */
async function previewOnScreen(page: Page, name: string, photo: Buffer) {
  await page.getByLabel('Images to process').setInputFiles({ name, mimeType: 'image/png', buffer: photo });
  await page
    .getByRole('img', { name: `${name.replace(/\.png$/, '')} without the background` })
    .or(page.getByRole('img', { name: `${name} without the background` }))
    .waitFor({ timeout: 120_000 });
  await page.getByRole('radio', { name: /Full size/ }).click();
}

describe('buying a plan in Chromium when the litres run out', () => {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('0 litres → the toast → /pricing → yearly plan → LITRES50 → demo acquirer → paid → the plan’s litres → one spent', async () => {
    const { page, url } = await openPage(browser, { width: 1440, height: 900 });
    const email = uniqueEmail('irina');
    await registerByApi(url, email, 'plans-secret');
    await page.goto(url('/en/remove-background'));
    await page
      .getByRole('region', { name: 'Cookie consent' })
      .getByRole('button', { name: 'Accept' })
      .click();
    await signIn(page, 'en', email, 'plans-secret');

    // The month's free litres are spent elsewhere (through the same call the screen makes).
    await expect.poll(() => balanceInMenu(page), { timeout: 15_000 }).toBe('Balance: 5 L — buy litres');
    for (let hue = 0; hue < 5; hue++) {
      expect(await spendOneLitre(page, await drawnPhoto(page, hue * 60))).toBe(200);
    }
    await page.reload();
    await expect.poll(() => balanceInMenu(page), { timeout: 15_000 }).toBe('Balance: 0 L — buy litres');

    // With no litres left, the full size is refused with an offer to buy.
    await previewOnScreen(page, 'bottle.png', await drawnPhoto(page, 200));
    await page.getByRole('button', { name: /Download full size/ }).click();
    const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('alert');
    await toast.filter({ hasText: 'Not enough litres on your balance for a full-size image.' }).waitFor();
    await toast.getByRole('button', { name: 'Buy litres' }).click();
    await page.waitForURL((address) => address.pathname === '/en/pricing');

    // Yearly: the plan of 10 litres a month, half price for the year.
    await page.getByRole('radiogroup', { name: 'Billing period' }).getByText('Yearly').click();
    const plan = page.getByRole('article', { name: 'Plan: 10 images a month' });
    await plan.getByText(/1,494\.00 billed yearly/).waitFor();
    await page.screenshot({ path: `${shots}/pricing-yearly-en-1440.png`, fullPage: true });
    await plan.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL((address) => address.pathname === '/en/shopping-cart');

    // The advertised promo code halves it.
    await page.getByRole('textbox', { name: 'Promo code' }).fill('LITRES50');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByText('Promo code applied').waitFor();
    const demoCard = /^Bank card \(demo\)/;
    await page.getByRole('radio', { name: demoCard }).click();
    await page.getByRole('radio', { name: demoCard, checked: true }).waitFor();
    await page.screenshot({ path: `${shots}/cart-plan-promo-en-1440.png`, fullPage: true });
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL((address) => address.pathname.includes('/demo-acquirer/pay/'));
    await page.getByRole('button', { name: /^Pay .*747\.00$/ }).waitFor();
    await payWithCard(page, 'en', '4242 4242 4242 4242');
    await page.getByRole('heading', { name: 'Order successfully paid!' }).waitFor();

    // The plan started: its first month's litres are in the header's balance and on the account page.
    await expect.poll(() => balanceInMenu(page), { timeout: 15_000 }).toBe('Balance: 10 L — buy litres');
    await page.goto(url('/en/user'));
    await page.getByText('Plan: 10 images a month').first().waitFor();
    await page.screenshot({ path: `${shots}/account-plan-en-1440.png`, fullPage: true });

    // A full-size removal spends one of them.
    await page.goto(url('/en/remove-background'));
    await previewOnScreen(page, 'vase.png', await drawnPhoto(page, 300));
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      page.getByRole('button', { name: /Download full size/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('vase-no-bg.png');
    await expect.poll(() => balanceInMenu(page), { timeout: 15_000 }).toBe('Balance: 9 L — buy litres');
  }, 300_000);
});
