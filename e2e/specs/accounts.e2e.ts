import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromOutbox, uniqueEmail } from '../support/accounts.ts';
import { launchBrowser, openPage } from '../support/browser.ts';

const shots = '/tmp/shots-accounts';

async function openAccountMenu(page: Page, label: string) {
  await page.getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('menu').waitFor();
}

describe('accounts in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('registers with an e-mail code, logs out, resets the password by link and logs in with it (ru)', async () => {
    const { context, page, url } = await openPage(browser, { locale: 'ru-RU' });
    const email = uniqueEmail('anna');
    await page.goto(url('/ru'));
    await page.getByRole('heading', { level: 1 }).waitFor();

    // Log in → sign up.
    await openAccountMenu(page, 'Учётная запись');
    await page.getByRole('menuitem', { name: 'Вход / Регистрация' }).click();
    const login = page.getByRole('dialog', { name: 'Вход' });
    await login.waitFor();
    await login.getByRole('link', { name: 'Зарегистрироваться' }).click();
    const registration = page.getByRole('dialog', { name: 'Регистрация' });
    await registration.waitFor();
    expect(new URL(page.url()).search).toBe('?modal=registration');

    await registration.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await registration.getByRole('button', { name: 'Получить код' }).click();
    await registration.getByRole('button', { name: /^Новый код через 0[01]:\d\d$/ }).waitFor();
    await page.screenshot({ animations: 'disabled', path: `${shots}/registration-countdown-1280.png` });

    const [, code] = await fromOutbox(url, email, /Ваш код подтверждения: (\d{6})/);
    await registration.getByRole('textbox', { name: 'Код из письма' }).fill(code ?? '');
    await registration.getByRole('img', { name: 'Подтверждено' }).waitFor();
    // Locked once confirmed: read-only, so that the keyboard's focus stays in it.
    expect(await registration.getByRole('textbox', { name: 'Код из письма' }).isEditable()).toBe(false);
    await registration.getByLabel('Пароль', { exact: true }).fill('first-secret');
    await registration.getByLabel('Повторите пароль', { exact: true }).fill('first-secret');
    await registration.getByRole('textbox', { name: 'Ваше имя' }).fill('Анна Петрова');
    await registration.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await registration.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Регистрация завершена' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();

    // Signed in: the account menu knows it without a reload; the account page shows the profile.
    await openAccountMenu(page, 'Учётная запись');
    await page.getByRole('menu').getByText('Анна Петрова').waitFor();
    await page.getByRole('menuitem', { name: 'Личный кабинет' }).click();
    await page.waitForURL(/\/ru\/user$/);
    await page.getByRole('heading', { name: 'Профиль' }).waitFor();
    await page.getByText(email).first().waitFor();

    // Log out.
    await openAccountMenu(page, 'Учётная запись');
    await page.getByRole('menuitem', { name: 'Выйти' }).click();
    await page.waitForURL(/\/ru$/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

    // Forgot password → a reset link by e-mail (the storefront variant).
    await openAccountMenu(page, 'Учётная запись');
    await page.getByRole('menuitem', { name: 'Вход / Регистрация' }).click();
    await login.getByRole('link', { name: 'Забыли пароль?' }).click();
    const reset = page.getByRole('dialog', { name: 'Восстановление пароля' });
    await reset.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await page.screenshot({ animations: 'disabled', path: `${shots}/reset-password-1280.png` });
    await reset.getByRole('button', { name: 'Прислать ссылку для сброса' }).click();
    await reset.getByRole('status').filter({ hasText: 'Запрос на сброс пароля отправлен' }).waitFor();
    await page.screenshot({ animations: 'disabled', path: `${shots}/reset-link-sent-1280.png` });

    const [link] = await fromOutbox(url, email, /https?:\/\/\S+/);
    expect(link).toContain('modal=set-password');
    await page.goto(link ?? '');
    const setPassword = page.getByRole('dialog', { name: 'Задайте новый пароль' });
    await setPassword.waitFor();
    await page.screenshot({ animations: 'disabled', path: `${shots}/set-password-1280.png` });
    await setPassword.getByLabel('Новый пароль', { exact: true }).fill('second-secret');
    await setPassword.getByLabel('Повторите пароль', { exact: true }).fill('second-secret');
    await setPassword.getByRole('button', { name: 'Сохранить пароль' }).click();

    // Login opens with the notification; the token has left the address.
    await login.getByRole('status').filter({ hasText: 'Пароль изменён' }).waitFor();
    expect(new URL(page.url()).searchParams.get('token')).toBeNull();
    await page.screenshot({ animations: 'disabled', path: `${shots}/login-password-changed-1280.png` });
    await login.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await login.getByLabel('Пароль', { exact: true }).fill('first-secret');
    await login.getByRole('button', { name: 'Войти' }).click();
    await login.getByRole('alert').filter({ hasText: 'Неверный логин или пароль' }).waitFor();
    await login.getByLabel('Пароль', { exact: true }).fill('second-secret');
    await login.getByRole('button', { name: 'Войти' }).click();
    await login.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Вы вошли в аккаунт.' }).waitFor();
    await openAccountMenu(page, 'Учётная запись');
    await page.getByRole('menuitem', { name: 'Личный кабинет' }).waitFor();

    // A used link says so as it opens, before a new password is typed.
    await page.keyboard.press('Escape');
    await page.goto(link ?? '');
    const invalid = page.getByRole('dialog', { name: 'Ссылка недействительна' });
    await invalid.getByRole('button', { name: 'Запросить новую ссылку' }).waitFor();
    expect(await page.getByLabel('Новый пароль', { exact: true }).count()).toBe(0);
    await context.close();
  });

  it('signs in through the external OpenID provider from the login modal and comes back signed in', async () => {
    const { context, page, url } = await openPage(browser);
    await page.goto(url('/en?modal=login'));
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.waitFor();
    await page.screenshot({ animations: 'disabled', path: `${shots}/login-1280.png` });
    await login.getByRole('link', { name: 'Local ID' }).click();

    await page.getByPlaceholder('Enter any login').fill('oleg');
    await page.getByPlaceholder('and password').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(url('/en'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The session cookie is out of scripts' reach; the page counts itself signed in by the hint.
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'access_token')?.httpOnly).toBe(true);
    expect(cookies.find((cookie) => cookie.name === 'signed_in')?.httpOnly).toBe(false);
    expect(await page.evaluate(() => document.cookie)).not.toContain('access_token');
    await openAccountMenu(page, 'Account');
    await page.getByRole('menuitem', { name: 'My account' }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await page.getByText('oleg@oidc.test').first().waitFor();
    await page.screenshot({ animations: 'disabled', path: `${shots}/profile-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.screenshot({ animations: 'disabled', path: `${shots}/profile-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Logout also forgets the cookie. The page goes to /en at once; the server's answer, which
    // clears the HttpOnly cookie, may come after (use-logout.ts), so the check waits for it.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(url('/en'));
    const cookieNames = async () => (await context.cookies()).map((cookie) => cookie.name);
    await expect.poll(cookieNames, { timeout: 15_000 }).not.toContain('access_token');
    expect(await cookieNames()).not.toContain('signed_in');
    await openAccountMenu(page, 'Account');
    await page.getByRole('menuitem', { name: 'Login / Sign up' }).waitFor();
    await context.close();
  });

  it('fits the modals on a 375 px wide screen', async () => {
    const { context, page, url } = await openPage(browser, { width: 375, height: 740 });
    await page.goto(url('/en?modal=login'));
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
    await page.screenshot({ animations: 'disabled', path: `${shots}/login-375.png` });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);

    await page.getByRole('link', { name: 'Sign up' }).click();
    const registration = page.getByRole('dialog', { name: 'Sign up' });
    await registration.getByRole('textbox', { name: 'E-mail', exact: true }).fill(uniqueEmail('narrow'));
    await registration.getByRole('button', { name: 'Get code' }).click();
    await registration.getByRole('button', { name: /^New code in 0[01]:\d\d$/ }).waitFor();
    await page.screenshot({ animations: 'disabled', path: `${shots}/registration-countdown-375.png` });
    await page.screenshot({
      animations: 'disabled',
      path: `${shots}/registration-countdown-375-full.png`,
      fullPage: true,
    });
    expect(await overflow()).toBeLessThanOrEqual(0);

    // The link is checked as it opens: the form shows while the check runs, then a made-up token
    // is refused. Only the refusal is a state that stays, so that is what the screen is judged in.
    await page.goto(url('/en?modal=set-password&token=not-a-real-token'));
    const invalidLink = page.getByRole('dialog', { name: 'The link is not valid' });
    await invalidLink.getByRole('button', { name: 'Request a new link' }).waitFor();
    await page.screenshot({ animations: 'disabled', path: `${shots}/set-password-invalid-375.png` });
    expect(await overflow()).toBeLessThanOrEqual(0);
    await context.close();
  });
});
