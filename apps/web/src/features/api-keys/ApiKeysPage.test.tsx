import { type ApiKey, storageKeys } from '@cutout/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reloadSession } from '../../shared/session/session.ts';
import { jsonResponse, storeInfoFixture } from '../../test/fixtures.ts';
import { mockApi, renderApp } from '../../test/render.tsx';
import { errorResponse, userFixture } from '../../test/users-api.ts';

const shopKey: ApiKey = {
  id: 'key-1',
  label: 'Shop',
  prefix: 'ck_live_ab12',
  createdAt: '2026-03-12T10:05:00.000Z',
  lastUsedAt: null,
};

/** The key calls over an in-memory list, each call recorded. */
function mockKeysApi(initial: ApiKey[] = [shopKey]) {
  let keys = [...initial];
  const calls: Array<{ call: string; body: Record<string, string> }> = [];
  mockApi({
    handler: (url, init) => {
      const headers = new Headers(init.headers);
      if (url.endsWith('/api/stores/fetchStoreInfo')) {
        const language = headers.get('x-locale-id') === 'ru' ? 'ru' : 'en';
        return jsonResponse({
          ...storeInfoFixture({ language }),
          user: headers.get('Authorization') ? userFixture() : null,
        });
      }
      if (url.includes('/api/stores/users/')) return jsonResponse({ result: true });
      const match = url.match(/\/api\/stores\/actions\/remove-background\/(\w+)$/);
      if (!match) return jsonResponse({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
      const call = match[1] ?? '';
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, string>;
      calls.push({ call, body });
      switch (call) {
        case 'fetchTokenList':
          return jsonResponse({ tokens: keys });
        case 'issueToken': {
          if (body.label === 'Nope') return errorResponse(400, 'VALIDATION_ERROR', 'The label is too long!');
          const token = { ...shopKey, id: 'key-2', label: body.label ?? '', prefix: 'ck_live_cd34' };
          keys = [...keys, token];
          return jsonResponse({ token, value: 'ck_live_cd34_secret-value' });
        }
        case 'updateToken': {
          keys = keys.map((key) => (key.id === body.id ? { ...key, label: body.label ?? '' } : key));
          return jsonResponse({ token: keys.find((key) => key.id === body.id) });
        }
        case 'revokeToken':
          keys = keys.filter((key) => key.id !== body.id);
          return jsonResponse({ result: true });
        default:
          return jsonResponse({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
      }
    },
  });
  return { calls, callsTo: (name: string) => calls.filter((entry) => entry.call === name) };
}

const formatted = (locale: string, iso: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

function signIn() {
  window.localStorage.setItem(storageKeys.accessToken, 'token-1');
  window.localStorage.setItem(storageKeys.userId, 'user-1');
  reloadSession();
}

async function openKeys(path = '/en/user/api') {
  signIn();
  const view = renderApp(path);
  const list = await screen.findByRole('region', {
    name: path.startsWith('/ru') ? 'Ваши ключи' : 'Your keys',
  });
  await within(list).findAllByRole('listitem');
  return { ...view, list, user: userEvent.setup() };
}

describe('ApiKeysPage', () => {
  it('opens the login modal for a visitor and asks for no keys', async () => {
    const api = mockKeysApi();
    renderApp('/en/user/api');
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'API keys', hidden: true })).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('lists the keys with their prefix and dates in the page language', async () => {
    mockKeysApi();
    const { list } = await openKeys();
    const row = within(list).getByRole('listitem', { name: 'Shop' });
    expect(row).toHaveTextContent('ck_live_ab12…');
    expect(within(row).getByText('Created:').nextElementSibling).toHaveTextContent(
      formatted('en', shopKey.createdAt),
    );
    expect(within(row).getByText('Last used:').nextElementSibling).toHaveTextContent('Never');
  });

  it('requires a label before issuing, on the client', async () => {
    const api = mockKeysApi();
    const { user } = await openKeys();
    await user.type(screen.getByRole('textbox', { name: 'Key name' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByText('The label is required!')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Key name' })).toHaveAttribute('aria-invalid', 'true');
    // The keyboard is taken back to the field, which the message describes.
    expect(screen.getByRole('textbox', { name: 'Key name' })).toHaveFocus();
    expect(api.callsTo('issueToken')).toEqual([]);
  });

  it('says the same in Russian and shows the server refusal', async () => {
    mockKeysApi([{ ...shopKey, lastUsedAt: '2026-04-01T08:00:00.000Z' }]);
    const { user, list } = await openKeys('/ru/user/api');
    const row = within(list).getByRole('listitem', { name: 'Shop' });
    expect(within(row).getByText('Создан:').nextElementSibling).toHaveTextContent(
      formatted('ru', shopKey.createdAt),
    );
    expect(within(row).getByText('Последнее использование:').nextElementSibling).toHaveTextContent(
      formatted('ru', '2026-04-01T08:00:00.000Z'),
    );
    await user.click(screen.getByRole('button', { name: 'Создать ключ' }));
    expect(screen.getByText('Укажите название!')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Название ключа' }), 'Nope');
    await user.click(screen.getByRole('button', { name: 'Создать ключ' }));
    expect(await screen.findByText('The label is too long!')).toBeInTheDocument();
  });

  it('shows a new key once, with a copy button, and never again', async () => {
    const api = mockKeysApi();
    const { user, list } = await openKeys();
    await user.type(screen.getByRole('textbox', { name: 'Key name' }), ' Mobile app ');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const notice = await screen.findByRole('region', { name: 'Your new key “Mobile app”' });
    // The keyboard is taken to it, and its heading read out.
    expect(within(notice).getByRole('heading', { name: 'Your new key “Mobile app”' })).toHaveFocus();
    expect(api.callsTo('issueToken')[0]?.body).toEqual({ label: 'Mobile app' });
    expect(notice).toHaveTextContent('ck_live_cd34_secret-value');
    expect(notice).toHaveTextContent("it won't be shown again");
    await user.click(within(notice).getByRole('button', { name: 'Copy the key' }));
    expect(await navigator.clipboard.readText()).toBe('ck_live_cd34_secret-value');
    expect(within(notice).getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    expect(await within(list).findByRole('listitem', { name: 'Mobile app' })).toHaveTextContent(
      'ck_live_cd34…',
    );
    expect(list).not.toHaveTextContent('secret-value');
    await user.click(within(notice).getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByText('ck_live_cd34_secret-value')).not.toBeInTheDocument();
    expect(within(list).getByRole('heading', { name: 'Your keys' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Key name' })).toHaveValue('');
  });

  it('renames a key in place', async () => {
    const api = mockKeysApi();
    const { user, list } = await openKeys();
    await user.click(
      within(within(list).getByRole('listitem', { name: 'Shop' })).getByRole('button', { name: 'Rename' }),
    );
    const field = within(list).getByRole('textbox', { name: 'New name' });
    expect(field).toHaveValue('Shop');
    await user.clear(field);
    await user.click(within(list).getByRole('button', { name: 'Save' }));
    expect(within(list).getByText('The label is required!')).toBeInTheDocument();
    expect(api.callsTo('updateToken')).toEqual([]);

    await user.type(field, 'Main shop{Enter}');
    expect(await within(list).findByRole('listitem', { name: 'Main shop' })).toBeInTheDocument();
    expect(api.callsTo('updateToken')[0]?.body).toEqual({ id: 'key-1', label: 'Main shop' });
    expect(within(list).queryByRole('textbox')).not.toBeInTheDocument();
    // The form gone, its button has the focus back; Escape gives up the same way.
    const renamed = within(list).getByRole('listitem', { name: 'Main shop' });
    expect(within(renamed).getByRole('button', { name: 'Rename' })).toHaveFocus();
    await user.click(within(renamed).getByRole('button', { name: 'Rename' }));
    await user.keyboard('{Escape}');
    expect(within(renamed).getByRole('button', { name: 'Rename' })).toHaveFocus();
  });

  it('revokes a key only after a confirmation', async () => {
    const api = mockKeysApi();
    const { user, list } = await openKeys();
    const row = within(list).getByRole('listitem', { name: 'Shop' });

    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Revoke the key “Shop”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo('revokeToken')).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Revoke the key “Shop”?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(within(list).queryByRole('listitem', { name: 'Shop' })).not.toBeInTheDocument(),
    );
    expect(api.callsTo('revokeToken')[0]?.body).toEqual({ id: 'key-1' });
    expect(await screen.findByText('The key “Shop” has been revoked.')).toBeInTheDocument();
    expect(await screen.findByText('No keys yet')).toBeInTheDocument();
    // Its row (and the button that opened the dialog) gone, the list's heading has the focus.
    await waitFor(() => expect(within(list).getByRole('heading', { name: 'Your keys' })).toHaveFocus());
  });

  it('revokes once when the confirmation is double-clicked', async () => {
    const api = mockKeysApi();
    const { user, list } = await openKeys();
    const row = within(list).getByRole('listitem', { name: 'Shop' });
    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke the key “Shop”?' });
    const confirm = within(dialog).getByRole('button', { name: 'Revoke' });
    // Both clicks land before React re-renders the button disabled.
    act(() => {
      confirm.click();
      confirm.click();
    });
    expect(await screen.findByText('The key “Shop” has been revoked.')).toBeInTheDocument();
    expect(api.callsTo('revokeToken')).toHaveLength(1);
    expect(screen.queryByText('Not found.')).not.toBeInTheDocument();
  });

  it("takes away the new key's notice when that key is revoked, and keeps it when another is", async () => {
    mockKeysApi();
    const { user, list } = await openKeys();
    await user.type(screen.getByRole('textbox', { name: 'Key name' }), 'Mobile app');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const notice = await screen.findByRole('region', { name: 'Your new key “Mobile app”' });

    const revoke = async (label: string) => {
      const row = await within(list).findByRole('listitem', { name: label });
      await user.click(within(row).getByRole('button', { name: 'Revoke' }));
      const dialog = await screen.findByRole('alertdialog', { name: `Revoke the key “${label}”?` });
      await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
      await waitFor(() =>
        expect(within(list).queryByRole('listitem', { name: label })).not.toBeInTheDocument(),
      );
    };
    await revoke('Shop');
    expect(notice).toBeInTheDocument();
    await revoke('Mobile app');
    expect(screen.queryByRole('region', { name: 'Your new key “Mobile app”' })).not.toBeInTheDocument();
    expect(screen.queryByText('ck_live_cd34_secret-value')).not.toBeInTheDocument();
    expect(await screen.findByText('No keys yet')).toBeInTheDocument();
  });
});
