import { storageKeys } from '@cutout/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cartAnswerFixture } from '../../test/cart-fixtures.ts';
import { jsonResponse, storeInfoFixture } from '../../test/fixtures.ts';
import { mockApi, renderInShell } from '../../test/render.tsx';
import { getSession, reloadSession } from '../session/session.ts';
import { AddToCartButton } from './AddToCartButton.tsx';

const cart = cartAnswerFixture({ productCount: 1 });

function api(options: { addAnswer?: Response } = {}) {
  const calls: Array<{ path: string; body: unknown }> = [];
  const fetchMock = mockApi({
    handler: (url, init) => {
      const path = url.replace(/^.*\/api\/stores/, '');
      calls.push({ path, body: JSON.parse(String(init.body ?? '{}')) });
      if (path === '/users/register')
        return jsonResponse({ accessTokens: [{ id: 'anon-token', userId: 'anon-1' }], emailVerified: false });
      if (path === '/shoppingCarts/updateShoppingCart') return options.addAnswer ?? jsonResponse(cart);
      return jsonResponse({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
    },
  });
  return { calls, fetchMock };
}

const storeWith = (allowAnonymous: boolean) => ({
  ...storeInfoFixture(),
  optionItems: [
    { name: 'UserEmailRequired' as const, value: true },
    { name: 'AllowAnonymousUser' as const, value: allowAnonymous },
  ],
});

describe('AddToCartButton', () => {
  it('adds the offer for a signed-in user and says so', async () => {
    window.localStorage.setItem(storageKeys.accessToken, 'token-1');
    reloadSession();
    const { calls } = api();
    renderInShell(<AddToCartButton addition={{ tradeOfferId: 'offer-1', optionId: 'white', quantity: 2 }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        path: '/shoppingCarts/updateShoppingCart',
        body: { productItems: [{ tradeOfferId: 'offer-1', optionId: 'white', quantity: 2 }] },
      },
    ]);
  });

  it('keeps the keyboard on the button while it adds, and adds once for two presses', async () => {
    window.localStorage.setItem(storageKeys.accessToken, 'token-1');
    reloadSession();
    let answer: (response: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const calls: string[] = [];
    mockApi({
      handler: (url) => {
        calls.push(url);
        return pending;
      },
    });
    renderInShell(<AddToCartButton addition={{ tradeOfferId: 'offer-1' }} />);
    const button = screen.getByRole('button', { name: 'Add to cart' });
    button.focus();
    const user = userEvent.setup();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toBeEnabled();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    answer(jsonResponse(cart));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('adds once for a double click, whose second click comes before the button shows it is busy', async () => {
    window.localStorage.setItem(storageKeys.accessToken, 'token-1');
    reloadSession();
    const { calls } = api();
    renderInShell(<AddToCartButton addition={{ tradeOfferId: 'offer-1' }} />);
    const button = screen.getByRole('button', { name: 'Add to cart' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/shoppingCarts/updateShoppingCart')).toHaveLength(1);
    // Once the first is done, the next click adds again.
    await userEvent.click(button);
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/shoppingCarts/updateShoppingCart')).toHaveLength(2),
    );
  });

  it('registers a visitor anonymously first when the store allows it', async () => {
    const { calls } = api();
    renderInShell(<AddToCartButton addition={{ tradeOfferId: 'offer-1' }} />, { storeInfo: storeWith(true) });
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/users/register', '/shoppingCarts/updateShoppingCart']);
    expect(calls[0]?.body).toMatchObject({
      anonymous: true,
      autoLogin: true,
      email: null,
      password: null,
      partnerTypeId: 'partner_types.individual',
      fullName: 'Guest',
    });
    expect(getSession().accessToken).toBe('anon-token');
  });

  it('asks a visitor to sign up when the store does not allow anonymous users', async () => {
    const { calls } = api();
    const view = renderInShell(<AddToCartButton addition={{ tradeOfferId: 'offer-1' }} />, {
      storeInfo: storeWith(false),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You must be logged in to the service to perform the operation!',
    );
    await waitFor(() => expect(view.location()).toBe('/en?modal=registration'));
    expect(calls).toEqual([]);
  });

  it("shows the server's 'Out of stock.' when the offer ran out", async () => {
    window.localStorage.setItem(storageKeys.accessToken, 'token-1');
    reloadSession();
    api({ addAnswer: jsonResponse({ code: 'OUT_OF_STOCK', message: 'Out of stock.' }, 409) });
    renderInShell(<AddToCartButton addition={{ tradeOfferId: 'offer-1' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Out of stock.');
  });

  it('cannot be pressed when nothing is left', () => {
    api();
    renderInShell(<AddToCartButton addition={{ tradeOfferId: 'offer-1' }} outOfStock />);
    expect(screen.getByRole('button', { name: 'Out of stock.' })).toBeDisabled();
  });
});
