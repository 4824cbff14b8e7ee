import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { formatPrice } from '../../shared/format/price.ts';
import { cartAnswerFixture } from '../../test/cart-fixtures.ts';
import { renderInShell } from '../../test/render.tsx';
import { mockStoreApi, signIn } from '../../test/store-api.ts';
import { dateAsRead } from '../../test/text.ts';
import { fakePricingApi, subscriptionFixture } from './fake-pricing-api.ts';
import { PricingPage } from './PricingPage.tsx';

function renderPricing(
  api: ReturnType<typeof fakePricingApi>,
  options: { path?: string; language?: 'en' | 'ru' } = {},
) {
  mockStoreApi(api.handle);
  const language = options.language ?? 'en';
  return renderInShell(<PricingPage />, { path: options.path ?? `/${language}/pricing`, language });
}

const card = (name: string) => screen.findByRole('article', { name });
/** As Testing Library reads a node's text: with plain spaces. */
const money = (minor: number, locale = 'en') =>
  formatPrice(minor / 100, { locale, currency: 'RUB', noPriceText: '' }).replace(/\s+/g, ' ');

describe('PricingPage', () => {
  it('shows the plans of a month with prices, litres, the featured plan and the forever offer', async () => {
    renderPricing(fakePricingApi());
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Pay only for the images you download',
    );
    const small = await card('Plan 10');
    expect(within(small).getByText(/290\.00/)).toBeInTheDocument();
    expect(within(small).getByText(/29\.00.*per litre/)).toBeInTheDocument();
    expect(within(small).getByText('Pay once, litres every month forever')).toBeInTheDocument();
    expect(within(small).getByText(/9,900\.00/)).toBeInTheDocument();
    expect(within(small).getByRole('button', { name: 'Pay once' })).toBeInTheDocument();
    expect(within(await card('Plan 100')).getByText('Most popular')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Subscribe' })).toHaveLength(5);
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  });

  it('switches to yearly prices and keeps the choice in the URL', async () => {
    const view = renderPricing(fakePricingApi());
    await card('Plan 10');
    await userEvent.click(screen.getByRole('radio', { name: /Yearly/ }));
    await waitFor(() => expect(view.location()).toBe('/en/pricing?plan=year'));
    const small = await card('Plan 10');
    expect(within(small).getByText(/145\.00/)).toBeInTheDocument();
    expect(within(small).getByText(/1,740\.00 billed yearly/)).toBeInTheDocument();
    expect(within(small).getByText(/instead of .*3,480\.00/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    await waitFor(() => expect(view.location()).toBe('/en/pricing?plan=month'));
    expect(within(await card('Plan 10')).getByText(/290\.00/)).toBeInTheDocument();
  });

  it('opens on the period of the URL; the radios move with the arrow keys', async () => {
    const view = renderPricing(fakePricingApi(), { path: '/en/pricing?plan=year' });
    await card('Plan 10');
    const yearly = screen.getByRole('radio', { name: /Yearly/ });
    expect(yearly).toBeChecked();
    expect(screen.getByRole('radiogroup', { name: 'Billing period' })).toBeInTheDocument();
    yearly.focus();
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(view.location()).toBe('/en/pricing?plan=month'));
  });

  it('adds a plan with its period to the cart and opens the cart', async () => {
    signIn();
    const api = fakePricingApi({ cart: cartAnswerFixture() });
    const view = renderPricing(api, { path: '/en/pricing?plan=year' });
    await userEvent.click(within(await card('Plan 40')).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(view.location()).toBe('/en/shopping-cart'));
    expect(api.callsTo('addToCart').map((call) => call.body)).toEqual([
      { productItems: [{ tradeOfferId: 'offer_plan_40', validityPeriodId: 'validity_periods.year' }] },
    ]);
  });

  it('adds a litre bundle to the cart', async () => {
    signIn();
    const api = fakePricingApi({ cart: cartAnswerFixture() });
    const view = renderPricing(api);
    const bundle = await card('50 litres');
    expect(within(bundle).getByText(/29\.80.*per litre/)).toBeInTheDocument();
    expect(within(bundle).getByText('Never expire')).toBeInTheDocument();
    await userEvent.click(within(bundle).getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(view.location()).toBe('/en/shopping-cart'));
    expect(api.callsTo('addToCart').map((call) => call.body)).toEqual([
      { productItems: [{ tradeOfferId: 'offer_litres_50' }] },
    ]);
  });

  it('marks the current plan and offers upgrades and downgrades', async () => {
    signIn();
    const api = fakePricingApi({ subscription: subscriptionFixture() });
    renderPricing(api);
    const current = await card('Plan 100');
    expect(within(current).getByText('Your plan')).toBeInTheDocument();
    expect(within(current).getByRole('button', { name: 'Your current plan' })).toBeDisabled();
    expect(within(await card('Plan 200')).getByRole('button', { name: 'Upgrade' })).toBeEnabled();
    expect(within(await card('Plan 40')).getByRole('button', { name: 'Downgrade' })).toBeEnabled();
    expect(screen.getByText('Your subscription: “Plan 100”. Litres left: 73.')).toBeInTheDocument();
  });

  it('downgrades through changePlan and says which plan comes next', async () => {
    signIn();
    const api = fakePricingApi({ subscription: subscriptionFixture() });
    renderPricing(api);
    await userEvent.click(within(await card('Plan 40')).getByRole('button', { name: 'Downgrade' }));
    expect(
      await screen.findByText(
        `Done: from ${dateAsRead('2026-12-01T00:00:00.000Z', 'en')} your subscription is “Plan 40”, billed monthly, ${money(99_000)} a month.`,
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('changePlan')).toEqual([
      {
        call: 'changePlan',
        path: '/subscriptions/subscription-1/changePlan',
        body: { planId: 'plan_40', validityPeriodId: 'validity_periods.month' },
      },
    ]);
    expect(api.callsTo('addToCart')).toHaveLength(0);
  });

  it('switching your own plan to yearly names the period and the new price, in Russian', async () => {
    signIn();
    const api = fakePricingApi({ subscription: subscriptionFixture() });
    renderPricing(api, { language: 'ru', path: '/ru/pricing?plan=year' });
    const own = await card('Plan 100');
    // The monthly plan is the viewer's; its yearly card is a switch to it, not "Your plan".
    expect(within(own).queryByText('Ваш тариф')).not.toBeInTheDocument();
    await userEvent.click(within(own).getByRole('button', { name: 'Перейти на этот период оплаты' }));
    const date = dateAsRead('2026-12-01T00:00:00.000Z', 'ru');
    expect(
      await screen.findByText(
        `Готово: с ${date} ваша подписка — «Plan 100», оплата за год, ${money(1_194_000, 'ru')} в год.`,
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('changePlan').map((call) => call.body)).toEqual([
      { planId: 'plan_100', validityPeriodId: 'validity_periods.year' },
    ]);
  });

  it('says how a waiting change bills, and nothing of it once cancelled', async () => {
    signIn();
    const waiting = {
      nextPlanId: 'plan_100',
      nextPlanName: 'Plan 100',
      nextValidityPeriodId: 'validity_periods.year' as const,
      renewalAmount: 1_194_000,
    };
    const view = renderPricing(fakePricingApi({ subscription: subscriptionFixture(waiting) }));
    expect(
      await screen.findByText(
        `Your subscription: “Plan 100”. Litres left: 73. From the next period: “Plan 100”, billed yearly, ${money(1_194_000)} a year.`,
      ),
    ).toBeInTheDocument();
    view.unmount();

    renderPricing(
      fakePricingApi({
        subscription: subscriptionFixture({ ...waiting, stateId: 'subscription_states.cancelled' }),
      }),
    );
    expect(
      await screen.findByText(
        'Your subscription: “Plan 100”. Litres left: 73. Cancelled: it stays active until the end of the paid period.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/From the next period/)).not.toBeInTheDocument();
  });

  /** A downgrade to Plan 40 waiting for the next period. */
  const waitingDowngrade = {
    nextPlanId: 'plan_40',
    nextPlanName: 'Plan 40',
    nextValidityPeriodId: 'validity_periods.month' as const,
    renewalAmount: 99_000,
  };

  it('offers to keep the current plan while a change waits, and takes the change back', async () => {
    signIn();
    const api = fakePricingApi({ subscription: subscriptionFixture(waitingDowngrade) });
    renderPricing(api);
    expect(within(await card('Plan 40')).getByRole('button', { name: 'Starts next period' })).toBeDisabled();
    await userEvent.click(
      within(await card('Plan 100')).getByRole('button', { name: 'Keep my current plan' }),
    );
    expect(
      await screen.findByText(
        'Done: the waiting change is taken back; your subscription stays “Plan 100” as it is.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('changePlan').map((call) => call.body)).toEqual([
      { planId: 'plan_100', validityPeriodId: 'validity_periods.month' },
    ]);
  });

  it('says which waiting change another one takes the place of', async () => {
    signIn();
    const api = fakePricingApi({ subscription: subscriptionFixture(waitingDowngrade) });
    renderPricing(api);
    await userEvent.click(within(await card('Plan 10')).getByRole('button', { name: 'Downgrade' }));
    expect(
      await screen.findByText(
        `Done: from ${dateAsRead('2026-12-01T00:00:00.000Z', 'en')} your subscription is “Plan 10”, billed monthly, ${money(29_000)} a month. It replaces the change to “Plan 40” you chose before.`,
      ),
    ).toBeInTheDocument();
  });

  it('shows no waiting change on the cards of a cancelled subscription', async () => {
    signIn();
    const cancelled = subscriptionFixture({
      stateId: 'subscription_states.cancelled',
      nextPlanId: 'plan_100',
      nextPlanName: 'Plan 100',
      nextValidityPeriodId: 'validity_periods.year',
    });
    renderPricing(fakePricingApi({ subscription: cancelled }), { path: '/en/pricing?plan=year' });
    const own = await card('Plan 100');
    expect(within(own).queryByRole('button', { name: 'Starts next period' })).not.toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Switch to this billing period' })).toBeEnabled();
  });

  it('upgrades through the cart', async () => {
    signIn();
    const api = fakePricingApi({ subscription: subscriptionFixture(), cart: cartAnswerFixture() });
    const view = renderPricing(api);
    await userEvent.click(within(await card('Plan 500')).getByRole('button', { name: 'Upgrade' }));
    await waitFor(() => expect(view.location()).toBe('/en/shopping-cart'));
    expect(api.callsTo('addToCart').map((call) => call.body)).toEqual([
      { productItems: [{ tradeOfferId: 'offer_plan_500', validityPeriodId: 'validity_periods.month' }] },
    ]);
    expect(api.callsTo('changePlan')).toHaveLength(0);
  });

  it('compares the plans option by option', async () => {
    renderPricing(fakePricingApi());
    const table = await screen.findByRole('table', { name: 'Subscription plans compared by option' });
    const apiRow = within(table).getByRole('row', { name: /API access/ });
    expect(within(apiRow).getAllByRole('img', { name: 'Included' })).toHaveLength(4);
    expect(within(apiRow).getAllByRole('img', { name: 'Not included' })).toHaveLength(1);
    expect(within(table).getByRole('row', { name: /Images a month/ })).toHaveTextContent('500');
    // A value heads its own cell in the table, and follows a colon on a card.
    expect(within(table).getByRole('row', { name: /Support/ })).toHaveTextContent('Personal manager');
    expect(screen.getAllByText('Support: personal manager').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Support: E-mail').length).toBeGreaterThan(0);
  });

  it('shows the error with a retry when the plans cannot be loaded', async () => {
    renderPricing(
      fakePricingApi({ refusal: { status: 500, code: 'INTERNAL_ERROR', message: 'Server error.' } }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The plans could not be loaded.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says so when no plan is priced in the currency', async () => {
    renderPricing(fakePricingApi({ plans: [] }));
    expect(await screen.findByRole('heading', { name: 'No plans in this currency yet' })).toBeInTheDocument();
  });

  it('speaks Russian under /ru', async () => {
    renderPricing(fakePricingApi(), { language: 'ru' });
    expect(await screen.findAllByRole('button', { name: 'Оформить подписку' })).toHaveLength(5);
    expect(screen.getByRole('radio', { name: /За год/ })).toBeInTheDocument();
    expect(screen.getByText('Что такое литр?')).toBeInTheDocument();
  });
});
