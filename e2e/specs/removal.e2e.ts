import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from '../support/browser.ts';
import { balanceInMenu } from '../support/shop.ts';

const shots = '/tmp/shots-removal';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Licensed for evaluation only: read from the shared folder, never copied into the repository.
const evalImages = path.resolve(root, '../shared/eval/images');
const photoName = 'ecssd-0831.jpg';
const photo = path.join(evalImages, photoName);
const haveEvalImages = existsSync(photo);

/** Width and height of a baseline or progressive JPEG, from its start-of-frame segment. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  let offset = 2;
  while (offset < bytes.length) {
    const marker = bytes[offset + 1] ?? 0;
    const length = bytes.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xc3) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  throw new Error('No start-of-frame segment in the JPEG');
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function codeFromOutbox(url: (path: string) => string, recipient: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { messages } = (await (await fetch(url('/api/dev/outbox'))).json()) as {
      messages: Array<{ recipient: string; text: string }>;
    };
    const code = messages
      .filter((message) => message.recipient === recipient)
      .map((message) => message.text.match(/Your verification code: (\d{6})/)?.[1])
      .find(Boolean);
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`No verification code for ${recipient}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.skipIf(!haveEvalImages)(
  `removing a background in Chromium (needs ${photo}; skipped when the evaluation photos are missing)`,
  () => {
    let browser: Browser;
    beforeAll(async () => {
      mkdirSync(shots, { recursive: true });
      browser = await launchBrowser();
    });
    afterAll(() => browser?.close());

    it('previews a real photo for free, signs up from the full-size download and pays one litre for it', async () => {
      const { context, page, url } = await openPage(browser);
      await page.goto(url('/en/remove-background'));
      await page.getByRole('heading', { level: 1, name: 'Remove background' }).waitFor();
      await page
        .getByRole('region', { name: 'Cookie consent' })
        .getByRole('button', { name: 'Accept' })
        .click();

      // The free preview comes by itself; the model runs on the CPU, so it may take a while.
      await page.getByLabel('Images to process').setInputFiles(photo);
      await page
        .getByRole('status')
        .filter({ hasText: /In progress - 1 img\./ })
        .waitFor();
      await page
        .getByRole('img', { name: `${photoName} without the background` })
        .waitFor({ timeout: 120_000 });
      await page.getByRole('status').filter({ hasText: 'All images are processed!' }).waitFor();
      await page.getByRole('slider', { name: 'Compare before and after' }).waitFor();
      await page.screenshot({ animations: 'disabled', path: `${shots}/e2e-preview-1280.png` });

      // A visitor asking for the full size gets the sign-up window, saying why (SPEC §8.1).
      await page.getByRole('radio', { name: /Full size/ }).click();
      await page.getByRole('button', { name: /Download full size/ }).click();
      const registration = page.getByRole('dialog', { name: 'Sign up' });
      await registration
        .getByRole('status')
        .filter({ hasText: 'Sign up to download the full-size image' })
        .waitFor();
      const email = `removal-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
      await registration.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
      await registration.getByRole('button', { name: 'Get code' }).click();
      await registration
        .getByRole('textbox', { name: 'Code from the e-mail' })
        .fill(await codeFromOutbox(url, email));
      await registration.getByRole('img', { name: 'Confirmed' }).waitFor();
      await registration.getByLabel('Password', { exact: true }).fill('removal-secret');
      await registration.getByLabel('Repeat password', { exact: true }).fill('removal-secret');
      await registration.getByRole('button', { name: 'Sign up' }).click();
      await registration.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/en/remove-background');
      await expect.poll(() => balanceInMenu(page), { timeout: 15_000 }).toBe('Balance: 5 L — buy litres');

      // The image is still there after signing in; the full size downloads for one litre.
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 120_000 }),
        page.getByRole('button', { name: /Download full size/ }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('ecssd-0831-no-bg.png');
      const saved = await download.path();
      const result = pngSize(readFileSync(saved));
      expect(result).toEqual(jpegSize(readFileSync(photo)));

      await expect.poll(() => balanceInMenu(page), { timeout: 15_000 }).toBe('Balance: 4 L — buy litres');
      await page.getByRole('button', { name: /Download full size/ }).waitFor();
      await page.screenshot({ animations: 'disabled', path: `${shots}/e2e-full-1280.png` });
      await context.close();
    }, 300_000);
  },
);
