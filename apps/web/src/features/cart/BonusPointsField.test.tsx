import { storageKeys } from '@cutout/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatPrice } from '../../shared/format/price.ts';
import { i18n } from '../../shared/i18n/i18n.ts';
import type { Language } from '../../shared/i18n/languages.ts';
import { reloadSession } from '../../shared/session/session.ts';
import { jsonResponse } from '../../test/fixtures.ts';
import { type FetchHandler, mockApi, renderInShell } from '../../test/render.tsx';
import { bonusOutcomeMaximum } from './BonusPointsField.tsx';
import { CartPage } from './CartPage.tsx';
import { cartItemFixture, fakeCartApi } from './fake-cart-api.ts';

function signIn() {
  window.localStorage.setItem(storageKeys.accessToken, 'token-1');
  window.localStorage.setItem(storageKeys.userId, 'user-1');
  reloadSession();
}

function renderCart(
  api: ReturnType<typeof fakeCartApi>,
  options: { handler?: FetchHandler; language?: Language } = {},
) {
  signIn();
  mockApi({ handler: options.handler ?? api.handle });
  const language = options.language ?? 'en';
  renderInShell(<CartPage />, { path: `/${language}/shopping-cart`, language });
  return userEvent.setup();
}

/** As Testing Library reads it: a no-break space is a space. */
const rub = (amount: number) => formatPrice(amount, { locale: 'en', currency: 'RUB' }).replace(/\s/g, ' ');

const summary = () => screen.getByRole('region', { name: 'Order summary' });
const field = () => screen.getByRole('textbox', { name: 'Points to use' });
/** The value beside a summary line's label. */
const line = (label: string) => within(summary()).getByText(label).nextElementSibling;

// The fixture item costs ₽1,500.00: in the fake a point is ₽1, the item takes up to 750 points
// (half its amount) and earns 5 % of what is left to pay.

describe('the bonus points of the cart', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is hidden from a user without points, who still sees what the order earns', async () => {
    renderCart(fakeCartApi());
    await screen.findByRole('region', { name: 'Order summary' });
    expect(screen.queryByRole('heading', { name: 'Bonus points' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Points to use' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(within(summary()).queryByText('Paid with points')).not.toBeInTheDocument();
    expect(within(summary()).getByText('You will earn 75 points')).toBeInTheDocument();
  });

  it('shows the balance, the points written off and what is left to pay', async () => {
    renderCart(fakeCartApi({ bonusPointBalance: 100, choices: { bonusPointOutcome: 40 } }));
    await screen.findByRole('heading', { name: 'Bonus points' });
    expect(within(summary()).getByRole('heading', { name: 'Bonus points' })).toBeInTheDocument();
    expect(within(summary()).getByText('Balance: 100 points')).toBeInTheDocument();
    expect(field()).toHaveValue('40');
    expect(field()).toBeEnabled();
    // The description keeps the formatter's no-break space.
    expect(field()).toHaveAccessibleDescription(
      `1 point = ${formatPrice(1, { locale: 'en', currency: 'RUB' })}`,
    );
    const all = screen.getByRole('switch', { name: 'Use the maximum: 100' });
    expect(all).not.toBeChecked();

    expect(line('Products (1)')).toHaveTextContent(rub(1500));
    expect(line('Paid with points')).toHaveTextContent(`−${rub(40)}`);
    expect(line('Total')).toHaveTextContent(rub(1460));
    // 5 % of ₽1,460.00 is 73 points.
    expect(within(summary()).getByText('You will earn 73 points')).toBeInTheDocument();

    const item = screen.getByRole('article', { name: 'Folding light box' });
    expect(within(item).getByText(rub(1500)).tagName).toBe('S');
    expect(within(item).getByText(rub(1460))).toHaveTextContent(`Amount: ${rub(1460)}`);
  });

  it('writes off the maximum with the toggle, which locks the amount; turning it off writes 0', async () => {
    const api = fakeCartApi({ bonusPointBalance: 1000 });
    const user = renderCart(api);
    // The balance is larger than the item's limit: the maximum is the limit.
    const all = await screen.findByRole('switch', { name: 'Use the maximum: 750' });
    expect(field()).toHaveValue('0');
    await user.click(all);

    await waitFor(() => expect(line('Total')).toHaveTextContent(rub(750)));
    expect(api.callsTo('update')).toEqual([{ bonusPointOutcome: 750 }]);
    expect(all).toBeChecked();
    expect(field()).toBeDisabled();
    expect(field()).toHaveValue('750');
    expect(line('Paid with points')).toHaveTextContent(`−${rub(750)}`);

    await user.click(all);
    await waitFor(() => expect(within(summary()).queryByText('Paid with points')).not.toBeInTheDocument());
    expect(api.callsTo('update')).toEqual([{ bonusPointOutcome: 750 }, { bonusPointOutcome: 0 }]);
    expect(all).not.toBeChecked();
    expect(field()).toBeEnabled();
    expect(field()).toHaveValue('0');
    expect(line('Total')).toHaveTextContent(rub(1500));
  });

  it('keeps writing off the maximum while the toggle is on and another item is selected', async () => {
    const api = fakeCartApi({
      bonusPointBalance: 1000,
      items: [
        cartItemFixture(),
        cartItemFixture({ id: 'item-2', name: 'Litre bundle', price: 100_000, selected: false }),
      ],
    });
    const user = renderCart(api);
    await user.click(await screen.findByRole('switch', { name: 'Use the maximum: 750' }));
    await waitFor(() => expect(field()).toHaveValue('750'));

    await user.click(screen.getByRole('checkbox', { name: 'Buy Litre bundle' }));
    // 750 + 500 points of limits, the balance is 1000.
    expect(await screen.findByRole('switch', { name: 'Use the maximum: 1000' })).toBeChecked();
    await waitFor(() => expect(field()).toHaveValue('1000'));
    expect(api.callsTo('update')).toEqual([
      { bonusPointOutcome: 750 },
      { productItems: [{ id: 'item-2', selected: true }] },
      { bonusPointOutcome: 1000 },
    ]);
    expect(line('Paid with points')).toHaveTextContent(`−${rub(1000)}`);
  });

  it('sends typed points once, a second after the last keystroke', async () => {
    const api = fakeCartApi({ bonusPointBalance: 100 });
    renderCart(api);
    await screen.findByRole('textbox', { name: 'Points to use' });
    vi.useFakeTimers();
    fireEvent.change(field(), { target: { value: '2' } });
    await act(() => vi.advanceTimersByTimeAsync(600));
    fireEvent.change(field(), { target: { value: '25' } });
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(api.callsTo('update')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(200));
    vi.useRealTimers();

    await waitFor(() => expect(line('Paid with points')).toHaveTextContent(`−${rub(25)}`));
    expect(field()).toHaveValue('25');
    expect(line('Total')).toHaveTextContent(rub(1475));
    // Nothing more goes once the cart has answered.
    vi.useFakeTimers();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    vi.useRealTimers();
    expect(api.callsTo('update')).toEqual([{ bonusPointOutcome: 25 }]);
  });

  it('ignores what is not a digit and clamps the points to the maximum before sending', async () => {
    const api = fakeCartApi({ bonusPointBalance: 100 });
    renderCart(api);
    await screen.findByRole('textbox', { name: 'Points to use' });
    vi.useFakeTimers();
    fireEvent.change(field(), { target: { value: '4a2' } });
    expect(field()).toHaveValue('42');
    fireEvent.change(field(), { target: { value: '9 999' } });
    expect(field()).toHaveValue('100');
    await act(() => vi.advanceTimersByTimeAsync(1100));
    vi.useRealTimers();

    await waitFor(() => expect(line('Paid with points')).toHaveTextContent(`−${rub(100)}`));
    expect(api.callsTo('update')).toEqual([{ bonusPointOutcome: 100 }]);
    expect(field()).toHaveValue('100');
  });

  it('takes the points the server kept, clamped, and shows the toggle on at the maximum', async () => {
    renderCart(fakeCartApi({ bonusPointBalance: 100, choices: { bonusPointOutcome: 5000 } }));
    expect(await screen.findByRole('switch', { name: 'Use the maximum: 100' })).toBeChecked();
    expect(field()).toHaveValue('100');
    expect(field()).toBeDisabled();
  });

  it('shows a refused write-off as a toast and turns the toggle back off', async () => {
    const api = fakeCartApi({ bonusPointBalance: 100 });
    const user = renderCart(api, {
      handler: (url, init) =>
        url.endsWith('/updateShoppingCart')
          ? jsonResponse({ code: 'BONUS_POINTS_UNAVAILABLE', message: 'Points cannot be used now.' }, 422)
          : api.handle(url, init),
    });
    const all = await screen.findByRole('switch', { name: 'Use the maximum: 100' });
    await user.click(all);
    expect(await screen.findByRole('alert')).toHaveTextContent('Points cannot be used now.');
    await waitFor(() => expect(all).not.toBeChecked());
    expect(field()).toBeEnabled();
    expect(field()).toHaveValue('0');
  });

  it('counts points in Russian plurals', async () => {
    renderCart(fakeCartApi({ bonusPointBalance: 3 }), { language: 'ru' });
    const region = await screen.findByRole('region', { name: 'Ваш заказ' });
    expect(within(region).getByRole('heading', { name: 'Бонусные баллы' })).toBeInTheDocument();
    expect(within(region).getByText('Баланс: 3 балла')).toBeInTheDocument();
    expect(within(region).getByText('Вы получите 75 баллов')).toBeInTheDocument();
    expect(within(region).getByRole('switch', { name: 'Списать максимум: 3' })).toBeInTheDocument();
    expect(within(region).getByRole('textbox', { name: 'Сколько баллов списать' })).toBeInTheDocument();

    const ru = i18n.getFixedT('ru');
    expect([1, 2, 5, 11, 21, 22, 25].map((count) => ru('cart.bonus.balance', { count }))).toEqual([
      'Баланс: 1 балл',
      'Баланс: 2 балла',
      'Баланс: 5 баллов',
      'Баланс: 11 баллов',
      'Баланс: 21 балл',
      'Баланс: 22 балла',
      'Баланс: 25 баллов',
    ]);
    expect(ru('cart.summary.earn', { count: 1 })).toBe('Вы получите 1 балл');
    const en = i18n.getFixedT('en');
    expect(en('cart.bonus.balance', { count: 1 })).toBe('Balance: 1 point');
    expect(en('cart.summary.earn', { count: 2 })).toBe('You will earn 2 points');
    // Thousands are grouped as each language groups them.
    expect(en('cart.summary.earn', { count: 10_350 })).toBe('You will earn 10,350 points');
    expect(ru('cart.bonus.balance', { count: 10_350 }).replace(/\s/g, ' ')).toBe('Баланс: 10 350 баллов');
  });
});

describe('bonusOutcomeMaximum', () => {
  const cart = (balance: number) =>
    ({
      bonusPointBalance: balance,
      productItems: [
        cartItemFixture({ bonusPointOutcomeLimit: 30 }),
        cartItemFixture({ id: 'item-2', bonusPointOutcomeLimit: 50, selected: false }),
        cartItemFixture({ id: 'item-3', bonusPointOutcomeLimit: 20 }),
      ],
    }) as Parameters<typeof bonusOutcomeMaximum>[0];

  it('is the smaller of the balance and the selected items’ limits', () => {
    expect(bonusOutcomeMaximum(cart(1000))).toBe(50);
    expect(bonusOutcomeMaximum(cart(35))).toBe(35);
    expect(bonusOutcomeMaximum(cart(0))).toBe(0);
  });
});
