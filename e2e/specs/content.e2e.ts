import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromOutbox, uniqueEmail } from '../support/accounts.ts';
import { launchBrowser, openPage } from '../support/browser.ts';

/** The store's e-mail in the seed: where the answers to its forms go. */
const storeEmail = 'support@cutout.example';

describe('the blog and the forms in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('goes from the blog to a post, subscribes there and confirms from the mail', async () => {
    const { context, page, url } = await openPage(browser, { width: 1440, height: 900 });
    const email = uniqueEmail('reader');
    await page.goto(url('/en/blog'));
    await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
    await page
      .getByRole('link', { name: 'What is a litre, and how to pay less for background removal', exact: true })
      .click();
    await page
      .getByRole('heading', { level: 1, name: 'What is a litre, and how to pay less for background removal' })
      .waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/en\/blog\/what-is-a-litre\/[a-z0-9-]+$/);
    // The post's text is the server's rendering: headings and a table among them.
    expect(await page.locator('.rich-text h2').count()).toBeGreaterThan(2);

    const subscription = page.locator('form', { has: page.getByRole('button', { name: 'Subscribe' }) });
    await subscription.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await subscription.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Check your inbox to confirm').waitFor();

    const [link] = await fromOutbox(url, email, /\S+\/blog\/subscription\/confirm\?token=\S+/);
    const confirm = new URL(link);
    await page.goto(url(`${confirm.pathname}${confirm.search}`));
    await page.getByRole('heading', { name: 'Confirm your subscription' }).waitFor();
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await page.getByRole('heading', { name: 'Subscription confirmed' }).waitFor();
    // Opened again (a second click in the mail), the link says the same, not that it expired.
    await page.goto(url(`${confirm.pathname}${confirm.search}`));
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await page.getByRole('heading', { name: 'Subscription confirmed' }).waitFor();
    await context.close();
  });

  it('sends the contact form in Russian: the required fields first, then the answer reaches the store', async () => {
    const { context, page, url } = await openPage(browser, { width: 375, height: 800, locale: 'ru-RU' });
    const message = `Как прислать ссылку на фото в API? ${Date.now()}`;
    await page.goto(url('/ru/contacts'));
    await page.getByRole('heading', { level: 1, name: 'Контакты' }).waitFor();
    const form = page.getByRole('form', { name: 'Напишите нам' });
    await form.getByRole('button', { name: 'Отправить' }).click();
    await form.getByText('Заполните обязательные поля').waitFor();
    await form.getByRole('textbox', { name: /Как к вам обращаться/ }).fill('Анна');
    await form.getByRole('textbox', { name: /Электронная почта/ }).fill('anna@example.com');
    await form.getByRole('combobox', { name: /Тема/ }).selectOption({ label: 'API и интеграции' });
    await form.getByRole('textbox', { name: /Сообщение/ }).fill(message);
    await form.getByRole('checkbox', { name: /Согласен/ }).check();
    await form.getByRole('button', { name: 'Отправить' }).click();
    await page.getByRole('heading', { name: 'Спасибо, сообщение получено' }).waitFor();

    // Kept and mailed to the store, its fields named in the language it was sent in.
    const [mail] = await fromOutbox(
      url,
      storeEmail,
      new RegExp(`Сообщение: ${message.replace(/[?]/g, '\\?')}`),
    );
    expect(mail).toContain(message);
    await context.close();
  });
});
