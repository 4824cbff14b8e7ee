import { type PersonalAccount, storageKeys } from '@cutout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadSession } from '../../shared/session/session.ts';
import { jsonResponse, storeInfoFixture } from '../../test/fixtures.ts';
import { mockApi, renderApp } from '../../test/render.tsx';
import { userFixture } from '../../test/users-api.ts';

const account: PersonalAccount = {
  balance: { amountMinor: 80_000, currency: 'RUB' },
  entries: [
    {
      id: 'e3',
      type: 'renewal',
      amountMinor: -24_900,
      pending: false,
      createdAt: '2026-11-24T10:00:00.000Z',
    },
    { id: 'e2', type: 'code', amountMinor: 30_000, pending: false, createdAt: '2026-11-23T10:00:00.000Z' },
    {
      id: 'e1',
      type: 'recharge',
      amountMinor: 74_900,
      pending: false,
      createdAt: '2026-11-22T10:00:00.000Z',
    },
  ],
};

// As the server lists them for a user who may pay from the personal account: that way comes first.
const paymentOptions = [
  {
    id: 'personal-account',
    name: 'Personal account',
    description: 'Pay from the balance.',
    providerId: 'personal-account',
  },
  { id: 'demo-card', name: 'Bank card (demo)', description: 'Test cards only.', providerId: 'demo' },
  { id: 'yookassa', name: 'YooKassa', description: 'Cards, SberPay, SBP.', providerId: 'yookassa' },
];

function mockPersonalAccount(routes: Record<string, (body: unknown) => Response> = {}, signedIn = true) {
  if (signedIn) {
    window.localStorage.setItem(storageKeys.accessToken, 'token-1');
    window.localStorage.setItem(storageKeys.userId, 'user-1');
  }
  reloadSession();
  const calls: Array<{ path: string; body: unknown }> = [];
  mockApi({
    handler: (url, init) => {
      const language = new Headers(init.headers).get('x-locale-id') === 'ru' ? 'ru' : 'en';
      if (url.endsWith('/api/stores/fetchStoreInfo'))
        return jsonResponse({ ...storeInfoFixture({ language }), user: signedIn ? userFixture() : null });
      const path = url.replace(/^.*\/api\/stores/, '');
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path, body });
      const route = routes[path];
      if (route) return route(body);
      if (path === '/personalAccount/fetchPersonalAccount') return jsonResponse(account);
      if (path === '/shoppingCarts/fetchPaymentOptionList') return jsonResponse({ paymentOptions });
      return jsonResponse({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
    },
  });
  return { callsTo: (path: string) => calls.filter((call) => call.path === path) };
}

describe('personal account page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the balance and the history, newest first, in and out', async () => {
    mockPersonalAccount();
    renderApp('/en/user/personal-account');
    const balance = await screen.findByRole('region', { name: 'Balance' });
    expect(balance).toHaveTextContent(/800\.00/);
    const history = screen.getByRole('region', { name: 'History' });
    const rows = within(history).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Plan renewal.*−.*249\.00$/),
      expect.stringMatching(/^Gift card or pin code.*\+.*300\.00$/),
      expect.stringMatching(/^Top-up.*\+.*749\.00$/),
    ]);
  });

  it('says an empty history is this currency’s, when money lies in another', async () => {
    mockPersonalAccount({
      '/personalAccount/fetchPersonalAccount': () =>
        jsonResponse({ ...account, entries: [], otherBalances: [{ amountMinor: 1_250, currency: 'USD' }] }),
    });
    renderApp('/en/user/personal-account');
    const history = await screen.findByRole('region', { name: 'History' });
    expect(history).toHaveTextContent(
      `Nothing in ${account.balance.currency} yet. Each currency keeps its own history: choose another currency above to see it.`,
    );
  });

  it('names money held in another currency, with a way to show it', async () => {
    const api = mockPersonalAccount({
      '/personalAccount/fetchPersonalAccount': () =>
        jsonResponse({ ...account, otherBalances: [{ amountMinor: 1_250, currency: 'USD' }] }),
      '/users/changeCurrency': () => jsonResponse({ result: true }),
    });
    const user = userEvent.setup();
    renderApp('/en/user/personal-account');
    const balance = await screen.findByRole('region', { name: 'Balance' });
    expect(balance).toHaveTextContent('Also on your account: $12.50.');
    await user.click(within(balance).getByRole('button', { name: 'Show in USD' }));
    await waitFor(() =>
      expect(api.callsTo('/users/changeCurrency')).toEqual([
        { path: '/users/changeCurrency', body: { currencyId: 'USD' } },
      ]),
    );
  });

  it('checks the amount before sending, then starts a top-up with the chosen way to pay', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const api = mockPersonalAccount({
      '/shoppingCarts/rechargePersonalAccount': () =>
        jsonResponse({
          statusId: 'payment_operation_statuses.not_paid',
          formUrl: 'https://pay.example/form',
          formMethod: 'GET',
          formInputList: [],
          paymentRequired: true,
          orderId: 'order-1',
        }),
    });
    const user = userEvent.setup();
    renderApp('/en/user/personal-account');
    const card = await screen.findByRole('region', { name: 'Top up' });
    const field = within(card).getByLabelText('Amount, ₽');
    // Neither a fraction nor what only a programmer reads as a number ("1e3" is 1000 to Number).
    // Nor more than the cart sells of the top-up product.
    for (const typed of ['12.5', '1e3', '0x10', '100001']) {
      await user.clear(field);
      await user.type(field, typed);
      await user.click(within(card).getByRole('button', { name: 'Top up' }));
      expect(within(card).getByText('Enter a whole amount from 1 to 100,000.')).toBeInTheDocument();
      // The keyboard is taken back to the field, which the message describes.
      expect(field).toHaveFocus();
      expect(field).toHaveAccessibleDescription('Enter a whole amount from 1 to 100,000.');
    }
    expect(api.callsTo('/shoppingCarts/rechargePersonalAccount')).toHaveLength(0);
    await user.clear(field);

    // A top-up is never paid from the account it fills: that way is not offered.
    expect(within(card).getAllByRole('radio')).toHaveLength(2);
    expect(within(card).queryByRole('radio', { name: /Personal account/ })).toBeNull();
    expect(within(card).getByRole('radio', { name: /Bank card \(demo\)/ })).toBeChecked();
    await user.click(within(card).getByRole('button', { name: /1,000\.00/ }));
    await user.click(within(card).getByRole('radio', { name: /YooKassa/ }));
    await user.click(within(card).getByRole('button', { name: 'Top up' }));
    await waitFor(() => expect(submit).toHaveBeenCalledOnce());
    const [call] = api.callsTo('/shoppingCarts/rechargePersonalAccount');
    expect(call?.body).toEqual({
      rechargeAmount: 100_000,
      paymentOptionId: 'yookassa',
      resolveCallbackUrl: `${window.location.origin}/en/shopping-cart/checkout/yookassa/validate?from=personal-account`,
      rejectCallbackUrl: `${window.location.origin}/en/shopping-cart/checkout/failure?from=personal-account`,
    });
    expect(document.querySelector('form[action="https://pay.example/form"]')).not.toBeNull();
  });

  it('shows the server refusal of a top-up and keeps the amount', async () => {
    mockPersonalAccount({
      '/shoppingCarts/rechargePersonalAccount': () =>
        jsonResponse({ code: 'VALIDATION_ERROR', message: 'The request is not valid.' }, 400),
    });
    const user = userEvent.setup();
    renderApp('/en/user/personal-account');
    const card = await screen.findByRole('region', { name: 'Top up' });
    await user.type(within(card).getByLabelText('Amount, ₽'), '700');
    await user.click(within(card).getByRole('button', { name: 'Top up' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('The request is not valid.');
    expect(within(card).getByLabelText('Amount, ₽')).toHaveValue('700');
  });

  it('speaks Russian and says when there is no history yet', async () => {
    mockPersonalAccount({
      '/personalAccount/fetchPersonalAccount': () =>
        jsonResponse({ balance: { amountMinor: 0, currency: 'RUB' }, entries: [] }),
    });
    renderApp('/ru/user/personal-account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Лицевой счёт' })).toBeInTheDocument();
    expect(
      await screen.findByText('Пока пусто: здесь появятся пополнения, коды и продления тарифа.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Пополнить' })).toBeInTheDocument();
  });

  it('asks a visitor to log in and fetches nothing', async () => {
    const api = mockPersonalAccount({}, false);
    renderApp('/en/user/personal-account');
    expect(await screen.findByText('Log in to see your personal account.')).toBeInTheDocument();
    expect(api.callsTo('/personalAccount/fetchPersonalAccount')).toHaveLength(0);
  });
});
