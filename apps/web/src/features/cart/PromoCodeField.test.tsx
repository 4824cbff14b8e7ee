import { storageKeys } from '@cutout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../shared/format/price.ts';
import { reloadSession } from '../../shared/session/session.ts';
import { type FetchHandler, mockApi, renderInShell } from '../../test/render.tsx';
import { CartPage } from './CartPage.tsx';
import { cartItemFixture, fakeCartApi } from './fake-cart-api.ts';

function signIn() {
  window.localStorage.setItem(storageKeys.accessToken, 'token-1');
  window.localStorage.setItem(storageKeys.userId, 'user-1');
  reloadSession();
}

function renderCart(api: ReturnType<typeof fakeCartApi>, handler: FetchHandler = api.handle) {
  signIn();
  mockApi({ handler });
  renderInShell(<CartPage />, { path: '/en/shopping-cart' });
  return userEvent.setup();
}

/** The chip of the applied code, found by its spoken label. */
const chip = () => screen.queryByText(/^Promo code applied/)?.parentElement ?? null;

/** As Testing Library reads it: a no-break space is a space. */
const rub = (amount: number) => formatPrice(amount, { locale: 'en', currency: 'RUB' }).replace(/\s/g, ' ');

const litres50 = { LITRES50: { percent: 50 } };

describe('the promo code of the cart', () => {
  it('applies a typed code with Enter, shows it as a chip and the discount in the summary', async () => {
    const api = fakeCartApi({ promoCodes: litres50 });
    const user = renderCart(api);
    const field = await screen.findByRole('textbox', { name: 'Promo code' });
    await user.type(field, '  litres50 {Enter}');

    await screen.findByRole('button', { name: 'Remove the promo code LITRES50' });
    expect(chip()).toHaveTextContent('Promo code applied: LITRES50−50%');
    expect(api.callsTo('update')).toEqual([{ couponCodePrompt: 'litres50' }]);
    expect(screen.queryByRole('textbox', { name: 'Promo code' })).not.toBeInTheDocument();

    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Products (1)').nextElementSibling).toHaveTextContent(rub(1500));
    expect(within(summary).getByText('Discount').nextElementSibling).toHaveTextContent(`−${rub(750)}`);
    expect(within(summary).getByText('Total').nextElementSibling).toHaveTextContent(rub(750));

    const item = screen.getByRole('article', { name: 'Folding light box' });
    expect(within(item).getByText(rub(1500)).tagName).toBe('S');
    expect(within(item).getByText(rub(750))).toHaveTextContent(`Amount: ${rub(750)}`);
  });

  it('applies with the button, which is busy while the request runs; an empty field sends nothing', async () => {
    const api = fakeCartApi({ promoCodes: litres50 });
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const user = renderCart(api, async (url, init) => {
      if (url.endsWith('/updateShoppingCart')) await answered;
      return api.handle(url, init);
    });
    const apply = await screen.findByRole('button', { name: 'Apply' });
    await user.type(screen.getByRole('textbox', { name: 'Promo code' }), '   ');
    await user.click(apply);
    expect(api.callsTo('update')).toEqual([]);

    await user.clear(screen.getByRole('textbox', { name: 'Promo code' }));
    await user.type(screen.getByRole('textbox', { name: 'Promo code' }), 'LITRES50');
    await user.click(apply);
    await waitFor(() => expect(apply).toHaveAttribute('aria-busy', 'true'));
    expect(apply).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
    answer();
    // The field went with the focus in it: the applied code's chip has it now.
    expect(await screen.findByRole('button', { name: 'Remove the promo code LITRES50' })).toHaveFocus();
    expect(api.callsTo('update')).toEqual([{ couponCodePrompt: 'LITRES50' }]);
  });

  it("shows the server's refusal under the field and keeps the typed text", async () => {
    const api = fakeCartApi({
      promoCodes: {
        OLD10: { status: 422, code: 'PROMO_CODE_EXPIRED', message: 'The promo code has expired.' },
      },
    });
    const user = renderCart(api);
    const field = await screen.findByRole('textbox', { name: 'Promo code' });
    await user.type(field, 'old10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(field).toHaveAccessibleDescription('The promo code has expired.'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    // The keyboard is taken back to the field, so that a screen reader reads the refusal.
    expect(field).toHaveFocus();
    expect(field).toHaveValue('old10');
    expect(chip()).toBeNull();
    expect(screen.queryByText('Discount')).not.toBeInTheDocument();

    await user.type(field, '0');
    expect(field).not.toHaveAccessibleDescription();
  });

  it('removes the applied code with the chip’s ×', async () => {
    const api = fakeCartApi({ promoCodes: litres50, choices: { couponCodePrompt: 'LITRES50' } });
    const user = renderCart(api);
    await user.click(await screen.findByRole('button', { name: 'Remove the promo code LITRES50' }));

    expect(await screen.findByRole('textbox', { name: 'Promo code' })).toHaveValue('');
    // The chip took the focus with it: the field has it now.
    expect(screen.getByRole('textbox', { name: 'Promo code' })).toHaveFocus();
    expect(chip()).toBeNull();
    expect(screen.queryByText('Discount')).not.toBeInTheDocument();
    expect(api.callsTo('update')).toEqual([{ couponCodePrompt: '' }]);
  });

  it('says when the stored code no longer applies, and lets the buyer remove it or type another', async () => {
    const api = fakeCartApi({
      items: [cartItemFixture()],
      choices: { couponCodePrompt: 'SPRING', paymentOptionId: 'demo-card' },
    });
    renderCart(api);
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary).getByRole('status')).toHaveTextContent(
      'The promo code no longer applies: remove it or try another.',
    );
    expect(chip()).toHaveTextContent('Promo code applied: SPRING');
    expect(within(summary).getByRole('button', { name: 'Remove the promo code SPRING' })).toBeEnabled();
    expect(within(summary).getByRole('textbox', { name: 'Promo code' })).toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: 'Place order' })).toBeDisabled();
  });
});
