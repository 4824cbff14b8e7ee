import { type LitreSummary, type Subscription, storageKeys, type User } from '@cutout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../shared/format/price.ts';
import { fakeFormsApi } from '../../shared/forms/fake-forms-api.ts';
import { reloadSession } from '../../shared/session/session.ts';
import { jsonResponse, storeInfoFixture } from '../../test/fixtures.ts';
import { mockApi, renderApp } from '../../test/render.tsx';
import { asRead, dateAsRead } from '../../test/text.ts';
import { errorResponse, userFixture } from '../../test/users-api.ts';

const expiresAt = '2026-12-12T10:00:00.000Z';
const nextAccrualAt = '2026-12-12T10:00:00.000Z';

function subscriptionFixture(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 'sub-1',
    planId: 'plan-100',
    planName: 'Pro 100',
    litresPerMonth: 100,
    validityPeriodId: 'validity_periods.month',
    stateId: 'subscription_states.active',
    startedAt: '2026-11-12T10:00:00.000Z',
    expiresAt,
    nextAccrualAt,
    litresLeft: 73,
    nextPlanId: null,
    nextPlanName: null,
    nextValidityPeriodId: null,
    renewalAmount: 99000,
    currency: 'RUB',
    ...overrides,
  };
}

const summaryFixture: LitreSummary = {
  total: 93,
  lots: [
    { source: 'plan', quantity: 60, expiresAt },
    { source: 'free', quantity: 3, expiresAt: '2026-12-01T00:00:00.000Z' },
    { source: 'plan', quantity: 13, expiresAt },
    { source: 'bundle', quantity: 10, expiresAt: null },
    { source: 'bundle', quantity: 5, expiresAt: null },
    { source: 'code', quantity: 2, expiresAt: null },
  ],
};

/** Store info, with the personal account allowed or not (AllowPersonalAccount). */
function storeInfo(language: 'en' | 'ru', personalAccount: boolean) {
  const info = storeInfoFixture({ language });
  return personalAccount
    ? { ...info, optionItems: [...info.optionItems, { name: 'AllowPersonalAccount', value: true }] }
    : info;
}

interface Call {
  path: string;
  body: unknown;
}

/** A signed-in user's account: store info with the user, the subscription calls by path. */
function mockAccount(
  routes: Record<string, () => Response>,
  options: {
    subscription?: Subscription | null;
    summary?: LitreSummary;
    user?: Partial<User>;
    personalAccount?: boolean;
    /** What the personal account holds in roubles, in kopecks (default ₽150). */
    balanceMinor?: number;
  } = {},
) {
  window.localStorage.setItem(storageKeys.accessToken, 'token-1');
  window.localStorage.setItem(storageKeys.userId, 'user-1');
  reloadSession();
  const calls: Call[] = [];
  const forms = fakeFormsApi();
  mockApi({
    handler: (url, init) => {
      const headers = new Headers(init.headers);
      const language = headers.get('x-locale-id') === 'ru' ? 'ru' : 'en';
      if (url.endsWith('/api/stores/fetchStoreInfo'))
        return jsonResponse({
          ...storeInfo(language, options.personalAccount === true),
          user: userFixture(options.user),
        });
      const path = url.replace(/^.*\/api\/stores/, '');
      calls.push({ path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const route = routes[path];
      if (route) return route();
      const form = forms.handle(url, init);
      if (form) return form;
      if (path === '/subscriptions/fetchCurrentSubscription')
        return jsonResponse({
          subscription: options.subscription === undefined ? subscriptionFixture() : options.subscription,
        });
      if (path === '/litres/fetchLitreSummary') return jsonResponse(options.summary ?? summaryFixture);
      if (path === '/personalAccount/fetchPersonalAccount')
        return jsonResponse({
          balance: { amountMinor: options.balanceMinor ?? 15_000, currency: 'RUB' },
          entries: [],
        });
      return jsonResponse({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
    },
  });
  return { callsTo: (path: string) => calls.filter((call) => call.path === path), forms };
}

/** A date as the matchers read the page: its non-breaking spaces as spaces. */
/** As Testing Library reads a node's text: with plain spaces. */
const money = (minor: number, locale = 'en') =>
  formatPrice(minor / 100, { locale, currency: 'RUB', noPriceText: '' }).replace(/\s+/g, ' ');

describe('account subscription and litres', () => {
  it('warns while the personal account holds less than the renewal, and leads to a top-up', async () => {
    mockAccount({}, { personalAccount: true, balanceMinor: 15_000 });
    const view = renderApp('/en/user');
    const card = await screen.findByRole('region', { name: 'Subscription' });
    const note = await within(card).findByRole('note');
    expect(note).toHaveTextContent(
      `Your personal account holds ${money(15_000)}, less than the ${money(99_000)} renewal on ${dateAsRead(expiresAt)}. Top it up by then, or the plan ends.`,
    );
    expect(within(note).getByRole('link', { name: 'Top up' })).toHaveAttribute(
      'href',
      '/en/user/personal-account',
    );
    view.unmount();

    // Enough money, a cancelled plan (it does not renew) or a store without the account: no warning.
    for (const [options, asked] of [
      [{ personalAccount: true, balanceMinor: 99_000 }, true],
      [
        {
          personalAccount: true,
          subscription: subscriptionFixture({ stateId: 'subscription_states.cancelled' }),
        },
        false,
      ],
      [{ personalAccount: false }, false],
    ] as const) {
      const { callsTo } = mockAccount({}, options);
      const other = renderApp('/en/user');
      const region = await screen.findByRole('region', { name: 'Subscription' });
      await within(region).findByRole('heading', { name: 'Pro 100' });
      // The balance was read where it matters, so no warning is not a warning yet to come.
      if (asked) {
        await waitFor(() => expect(callsTo('/personalAccount/fetchPersonalAccount')).not.toEqual([]));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(within(region).queryByRole('note')).not.toBeInTheDocument();
      other.unmount();
    }
  });

  it('shows the plan with its renewal, next litres and a waiting downgrade', async () => {
    mockAccount(
      {},
      { subscription: subscriptionFixture({ nextPlanId: 'plan-40', nextPlanName: 'Basic 40' }) },
    );
    renderApp('/en/user');
    const card = await screen.findByRole('region', { name: 'Subscription' });
    expect(await within(card).findByRole('heading', { name: 'Pro 100' })).toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).getByText('100 litres a month · Monthly')).toBeInTheDocument();
    expect(within(card).getByText('73 L')).toBeInTheDocument();
    expect(
      within(card).getByText(`Renews on ${dateAsRead(expiresAt)} for ${money(99000)} a month`),
    ).toBeInTheDocument();
    expect(within(card).getByText(`Next litres: ${dateAsRead(nextAccrualAt)}`)).toBeInTheDocument();
    expect(
      within(card).getByText(
        `From ${dateAsRead(expiresAt)}: “Basic 40”, billed monthly, ${money(99000)} a month`,
      ),
    ).toBeInTheDocument();
    expect(
      within(card).getByText(
        new RegExp(
          `Renews from your personal account balance; if it is short, the plan ends on ${dateAsRead(expiresAt)}`,
        ),
      ),
    ).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Change plan' })).toHaveAttribute('href', '/en/pricing');
    expect(within(card).getByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
  });

  it('shows a cancelled plan with its end date and resumes it', async () => {
    const api = mockAccount(
      { '/subscriptions/sub-1/resume': () => jsonResponse(subscriptionFixture()) },
      { subscription: subscriptionFixture({ stateId: 'subscription_states.cancelled' }) },
    );
    renderApp('/en/user');
    const card = await screen.findByRole('region', { name: 'Subscription' });
    expect(await within(card).findByText(`Ends on ${dateAsRead(expiresAt)}`)).toBeInTheDocument();
    expect(within(card).getByText('Cancelled')).toBeInTheDocument();
    expect(within(card).queryByText(/^Renews on/)).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();

    await userEvent.setup().click(within(card).getByRole('button', { name: 'Resume' }));
    expect(
      await screen.findByText(`Subscription resumed: it renews on ${dateAsRead(expiresAt)}.`),
    ).toBeInTheDocument();
    expect(api.callsTo('/subscriptions/sub-1/resume')).toHaveLength(1);
    expect(await within(card).findByText('Active')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
  });

  it('asks before cancelling, then cancels and says until when it runs', async () => {
    const api = mockAccount({
      '/subscriptions/sub-1/cancel': () =>
        jsonResponse(subscriptionFixture({ stateId: 'subscription_states.cancelled' })),
    });
    renderApp('/en/user');
    const card = await screen.findByRole('region', { name: 'Subscription' });
    const user = userEvent.setup();
    await user.click(await within(card).findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel the “Pro 100” subscription?' });
    expect(dialog).toHaveTextContent(`It stays active until ${dateAsRead(expiresAt)}`);
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(api.callsTo('/subscriptions/sub-1/cancel')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Cancel subscription' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel' }),
    );
    expect(
      await screen.findByText(`Subscription cancelled. It stays active until ${dateAsRead(expiresAt)}.`),
    ).toBeInTheDocument();
    expect(api.callsTo('/subscriptions/sub-1/cancel')[0]?.body).toEqual({});
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(card).getByText(`Ends on ${dateAsRead(expiresAt)}`)).toBeInTheDocument();
    // The Cancel button gone, its successor has the focus (not the page).
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Resume' })).toHaveFocus());

    // Then it asks why, once (SPEC §2.5 subscription feedback form).
    const feedback = await within(card).findByRole('form', { name: 'Why are you leaving?' });
    await user.click(within(feedback).getByRole('radio', { name: 'Too expensive' }));
    await user.click(within(feedback).getByRole('button', { name: 'Send' }));
    expect(await within(card).findByText('Thank you for the feedback')).toBeInTheDocument();
    expect(api.forms.answers()).toEqual([
      expect.objectContaining({
        formId: 'subscription-feedback',
        fieldItemList: expect.arrayContaining([{ fieldId: 'reason', value: 'price' }]),
      }),
    ]);
  });

  it('shows the server message when cancelling fails', async () => {
    mockAccount({
      '/subscriptions/sub-1/cancel': () =>
        errorResponse(409, 'SUBSCRIPTION_CHANGE_REFUSED', 'This subscription cannot be cancelled.'),
    });
    renderApp('/en/user');
    const card = await screen.findByRole('region', { name: 'Subscription' });
    const user = userEvent.setup();
    await user.click(await within(card).findByRole('button', { name: 'Cancel subscription' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel' }),
    );
    expect(await screen.findByText('This subscription cannot be cancelled.')).toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();
  });

  it('says nothing of a next plan once cancelled, though the server still holds one', async () => {
    mockAccount(
      {},
      {
        subscription: subscriptionFixture({
          stateId: 'subscription_states.cancelled',
          nextPlanId: 'plan-100',
          nextPlanName: 'Pro 100',
          nextValidityPeriodId: 'validity_periods.year',
        }),
      },
    );
    renderApp('/en/user');
    const card = await screen.findByRole('region', { name: 'Subscription' });
    expect(await within(card).findByText(`Ends on ${dateAsRead(expiresAt)}`)).toBeInTheDocument();
    expect(within(card).queryByText(/^From /)).not.toBeInTheDocument();
    expect(within(card).queryByText(/Pro 100”/)).not.toBeInTheDocument();
  });

  it('names the period and its price of a waiting switch to yearly, in Russian', async () => {
    mockAccount(
      {},
      {
        subscription: subscriptionFixture({
          nextPlanId: 'plan-100',
          nextPlanName: 'Тариф: 100 изображений в месяц',
          nextValidityPeriodId: 'validity_periods.year',
          renewalAmount: 594_000,
        }),
      },
    );
    renderApp('/ru/user');
    const card = await screen.findByRole('region', { name: 'Подписка' });
    const ru = dateAsRead(expiresAt, 'ru');
    expect(
      await within(card).findByText(`Продлится ${ru} за ${money(594_000, 'ru')} в год`),
    ).toBeInTheDocument();
    expect(
      within(card).getByText(
        `С ${ru}: «Тариф: 100 изображений в месяц», оплата за год, ${money(594_000, 'ru')} в год`,
      ),
    ).toBeInTheDocument();
  });

  it('puts no second full stop after a Russian date, which ends in «г.»', async () => {
    mockAccount({
      '/subscriptions/sub-1/cancel': () =>
        jsonResponse(subscriptionFixture({ stateId: 'subscription_states.cancelled' })),
    });
    renderApp('/ru/user');
    const card = await screen.findByRole('region', { name: 'Подписка' });
    const ru = dateAsRead(expiresAt, 'ru');
    expect(ru).toMatch(/г\.$/);
    expect(await within(card).findByText(new RegExp(`${ru} тариф закончится\\.`))).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Отменить подписку' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Отменить подписку «Pro 100»?' });
    await user.click(within(dialog).getByRole('button', { name: 'Да, отменить' }));
    expect(await screen.findByText(`Подписка отменена. До ${ru} она ещё действует.`)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/г\.\./);
  });

  it('offers no cancel for a forever plan', async () => {
    mockAccount(
      {},
      {
        subscription: subscriptionFixture({
          validityPeriodId: 'validity_periods.forever',
          expiresAt: null,
          renewalAmount: null,
        }),
      },
    );
    renderApp('/en/user');
    const card = await screen.findByRole('region', { name: 'Subscription' });
    expect(await within(card).findByText('Forever: no expiry')).toBeInTheDocument();
    expect(within(card).getByText('100 litres a month · Forever')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    expect(within(card).queryByText(/personal account balance/)).not.toBeInTheDocument();
  });

  it('offers the plans to a user without a subscription', async () => {
    mockAccount({}, { subscription: null });
    renderApp('/en/user');
    const card = await screen.findByRole('region', { name: 'Subscription' });
    expect(
      await within(card).findByText('No subscription: pay as you go, or choose a plan and save up to 50%.'),
    ).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/en/pricing');
  });

  it('shows the litres by source with when they expire', async () => {
    mockAccount({});
    renderApp('/en/user');
    const card = await screen.findByRole('region', { name: 'Litres' });
    expect(await within(card).findByText('93 L')).toBeInTheDocument();
    const rows = within(within(card).getByRole('list', { name: 'Litres by source' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((row) => asRead(row.textContent ?? ''))).toEqual([
      `Free this monthuntil ${dateAsRead('2026-12-01T00:00:00.000Z')}3 L`,
      `Planuntil ${dateAsRead(expiresAt)}73 L`,
      'Bought bundlesnever expire15 L',
      'Codesnever expire2 L',
    ]);
    expect(within(card).getByRole('link', { name: 'Buy litres' })).toHaveAttribute('href', '/en/pricing');
  });

  it('shows an error with a retry when the litres fail to load', async () => {
    let fail = true;
    mockAccount({
      '/litres/fetchLitreSummary': () =>
        fail ? errorResponse(500, 'INTERNAL_ERROR', 'Something broke.') : jsonResponse(summaryFixture),
    });
    renderApp('/en/user');
    const card = await screen.findByRole('region', { name: 'Litres' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('Something broke.');
    fail = false;
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText('93 L')).toBeInTheDocument();
  });

  it('shows the bonus points and leads to the personal account', async () => {
    mockAccount({}, { user: { bonusPointBalance: 42 }, personalAccount: true });
    renderApp('/en/user');
    const summary = await screen.findByRole('complementary');
    expect(await within(summary).findByText('Bonus points')).toBeInTheDocument();
    expect(within(summary).getByText('42')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: /^Personal account/ });
    expect(link).toHaveAttribute('href', '/en/user/personal-account');
    await waitFor(() => expect(link).toHaveTextContent(/On the account: .*150\.00 — top up, history/));
  });

  it('names money held in other currencies on the personal account link, so $0.00 is not read as empty', async () => {
    mockAccount(
      {
        '/personalAccount/fetchPersonalAccount': () =>
          jsonResponse({
            balance: { amountMinor: 0, currency: 'USD' },
            entries: [],
            otherBalances: [
              { amountMinor: 100_000, currency: 'RUB' },
              { amountMinor: 0, currency: 'EUR' },
            ],
          }),
      },
      { personalAccount: true },
    );
    renderApp('/en/user');
    const link = await screen.findByRole('link', { name: /^Personal account/ });
    await waitFor(() => expect(link).toHaveTextContent(/On the account: \$0\.00 and ₽1,000\.00 — top up/));
    expect(link).not.toHaveTextContent('€');
  });

  it('speaks Russian on /ru/user', async () => {
    mockAccount({});
    renderApp('/ru/user');
    const card = await screen.findByRole('region', { name: 'Подписка' });
    expect(await within(card).findByText('100 литров в месяц · Помесячно')).toBeInTheDocument();
    expect(within(card).getByText('Активна')).toBeInTheDocument();
    expect(within(card).getByText(`Следующие литры: ${dateAsRead(nextAccrualAt, 'ru')}`)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Отменить подписку' })).toBeInTheDocument();
    const litres = screen.getByRole('region', { name: 'Литры' });
    expect(await within(litres).findByText('Купленные пакеты')).toBeInTheDocument();
    expect(within(litres).getAllByText('бессрочно')).toHaveLength(2);
    expect(within(litres).getByRole('link', { name: 'Купить литры' })).toHaveAttribute('href', '/ru/pricing');
  });
});
