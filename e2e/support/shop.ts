import type { Page } from 'playwright-core';

/** What the shop's pages say, in both languages, for the specs that sign in and pay. */
export const shopTexts = {
  en: {
    account: 'Account',
    signIn: 'Login / Sign up',
    login: 'Log in',
    password: 'Password',
    logIn: 'Log in',
    card: 'Card number',
    expiry: 'Expiry (MM/YY)',
    pay: 'Pay',
  },
  ru: {
    account: 'Учётная запись',
    signIn: 'Вход / Регистрация',
    login: 'Вход',
    password: 'Пароль',
    logIn: 'Войти',
    card: 'Номер карты',
    expiry: 'Срок (ММ/ГГ)',
    pay: 'Оплатить',
  },
};
export type ShopLanguage = keyof typeof shopTexts;

/** Signs in through the login modal, as a person does. */
export async function signIn(page: Page, language: ShopLanguage, email: string, password: string) {
  const t = shopTexts[language];
  await page.getByRole('button', { name: t.account, exact: true }).click();
  await page.getByRole('menuitem', { name: t.signIn }).click();
  const dialog = page.getByRole('dialog', { name: t.login });
  await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await dialog.getByLabel(t.password, { exact: true }).fill(password);
  await dialog.getByRole('button', { name: t.logIn }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Pays on the demo acquirer's page with a test card; the button names the amount ('Pay ₽290.00'). */
export async function payWithCard(page: Page, language: ShopLanguage, card: string) {
  const t = shopTexts[language];
  await page.getByLabel(t.card).fill(card);
  await page.getByLabel(t.expiry).fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: new RegExp(`^${t.pay} `) }).click();
}

/**
 * The litre balance as the account menu's item names it ('Balance: 5 L — buy litres'), as the page
 * knows it now: right after a sign-in or a payment the page may not have the new balance yet, so
 * check it with `expect.poll`.
 */
export async function balanceInMenu(page: Page): Promise<string | null> {
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  const item = page.getByRole('menuitem', { name: /^Balance: / });
  await item.waitFor();
  const label = await item.getAttribute('aria-label');
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
  return label;
}

/**
 * Buys a product through the store API with the page's session, paying on the demo acquirer's
 * page as a browser would post it: for specs about what a buyer does with what they bought.
 */
export async function buyByApi(page: Page, url: (path: string) => string, tradeOfferId: string) {
  const token = (await page.evaluate(() => localStorage.getItem('accessToken'))) ?? '';
  const post = async (path: string, body: object) => {
    const response = await fetch(url(`/api/stores${path}`), {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json', origin: new URL(url('/')).origin },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  await post('/shoppingCarts/updateShoppingCart', {
    productItems: [{ tradeOfferId, quantity: 1 }],
    paymentOptionId: 'demo-card',
  });
  const { formUrl } = await post('/shoppingCarts/checkoutShoppingCart', {
    resolveCallbackUrl: url('/en/shopping-cart/checkout/demo-card/validate'),
    rejectCallbackUrl: url('/en/shopping-cart/checkout/failure'),
  });
  const paid = await fetch(url(new URL(formUrl).pathname), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123' }),
  });
  const queryString = new URL(paid.headers.get('location') ?? '').search;
  const { statusId } = await post('/paymentOptions/demo-card/validate', { queryString });
  if (statusId !== 'payment_operation_statuses.paid') throw new Error(`not paid: ${statusId}`);
}
