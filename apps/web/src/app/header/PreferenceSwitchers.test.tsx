import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession, updateSession } from '../../shared/session/session.ts';
import { jsonResponse } from '../../test/fixtures.ts';
import { mockApi, renderInShell } from '../../test/render.tsx';
import { CurrencySwitcher, LanguageSwitcher } from './PreferenceSwitchers.tsx';

describe('LanguageSwitcher', () => {
  it('switches the language and keeps the path, query and hash', async () => {
    const user = userEvent.setup();
    const { location } = renderInShell(<LanguageSwitcher />, {
      path: '/en/products/catalog?search=mug&page=2#list',
    });
    await user.click(screen.getByRole('button', { name: /Language: English/ }));
    const russian = await screen.findByRole('menuitemradio', { name: 'Русский' });
    expect(russian).toHaveAttribute('href', '/ru/products/catalog?search=mug&page=2#list');
    expect(russian).toHaveAttribute('aria-checked', 'false');
    // The current language is the checked item, as a screen reader tells it.
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');

    await user.click(russian);
    expect(location()).toBe('/ru/products/catalog?search=mug&page=2#list');
  });

  it("keeps the page's navigation state: where a form leads back to", async () => {
    const user = userEvent.setup();
    const state = {
      typeId: 'partner_contact_set_types.location',
      returnTo: '/ru/shopping-cart',
      chooseFor: 'delivery',
    };
    const { location, router } = renderInShell(<LanguageSwitcher />, {
      path: '/ru/user/contacts/new',
      language: 'ru',
      state,
    });
    await user.click(screen.getByRole('button', { name: /Язык: Русский/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'English' }));
    expect(location()).toBe('/en/user/contacts/new');
    expect(router.state.location.state).toEqual(state);
  });
});

describe('CurrencySwitcher', () => {
  it('stores the chosen currency', async () => {
    const user = userEvent.setup();
    renderInShell(<CurrencySwitcher />);
    await user.click(screen.getByRole('button', { name: /Currency: Roubles/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: /Dollars/ }));
    expect(getSession().currencyId).toBe('USD');
    expect(window.localStorage.getItem('currencyId')).toBe('USD');
  });

  it('keeps the choice local when not authorised', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    renderInShell(<CurrencySwitcher />);
    await user.click(screen.getByRole('button', { name: /Currency: Roubles/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: /Euros/ }));
    expect(getSession().currencyId).toBe('EUR');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("tells the server an authorised user's choice", async () => {
    updateSession({ accessToken: 'token' });
    const fetchMock = mockApi({ handler: () => jsonResponse({}) });
    const user = userEvent.setup();
    renderInShell(<CurrencySwitcher />);
    await user.click(screen.getByRole('button', { name: /Currency: Roubles/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: /Euros/ }));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/stores/users/changeCurrency',
      expect.objectContaining({ method: 'POST', body: '{"currencyId":"EUR"}' }),
    );
  });
});
