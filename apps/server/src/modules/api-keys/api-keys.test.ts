import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp, testDatabases } from '../../test/harness.ts';

describe.each(testDatabases)('API keys on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const call = (path: string, payload: object, token?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/stores/actions/remove-background/${path}`,
      payload,
      headers: { ...(token ? { authorization: token } : {}), ...headers },
    });

  const signedIn = (email: string) => registerUser(t, email);

  it('issues a key shown once, lists it without the value, renames and revokes it', async () => {
    const token = await signedIn('keys@example.com');
    const issued = await call('issueToken', { label: 'Shop' }, token);
    expect(issued.statusCode, issued.body).toBe(200);
    const { value, token: key } = issued.json();
    expect(value).toMatch(/^ck_[\w-]{40,}$/);
    expect(key).toMatchObject({ label: 'Shop', prefix: value.slice(0, 10), lastUsedAt: null });

    const list = await call('fetchTokenList', {}, token);
    expect(list.json().tokens).toEqual([key]);
    expect(list.body).not.toContain(value);

    const renamed = await call('updateToken', { id: key.id, label: 'Shop (prod)' }, token);
    expect(renamed.json().token.label).toBe('Shop (prod)');
    expect((await call('revokeToken', { id: key.id }, token)).json()).toEqual({ result: true });
    expect((await call('fetchTokenList', {}, token)).json().tokens).toEqual([]);
  });

  it('requires a label, with the exact message', async () => {
    const token = await signedIn('label@example.com');
    const response = await call('issueToken', { label: '  ' }, token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'The label is required!' });
    const ru = await call('issueToken', {}, token, { 'x-locale-id': 'ru' });
    expect(ru.json().message).toBe('Укажите название!');
  });

  it('shows and changes only the user own keys', async () => {
    const owner = await signedIn('owner@example.com');
    const other = await signedIn('other@example.com');
    const { token: key } = (await call('issueToken', { label: 'Mine' }, owner)).json();
    expect((await call('fetchTokenList', {}, other)).json().tokens).toEqual([]);
    expect((await call('updateToken', { id: key.id, label: 'Stolen' }, other)).statusCode).toBe(404);
    expect((await call('revokeToken', { id: key.id }, other)).statusCode).toBe(404);
    expect((await call('fetchTokenList', {}, owner)).json().tokens[0].label).toBe('Mine');
  });

  it('refuses a 21st live key with 409 API_KEY_LIMIT and its message', async () => {
    const token = await signedIn('many-keys@example.com');
    for (let i = 0; i < 20; i += 1)
      expect((await call('issueToken', { label: `k${i}` }, token)).statusCode).toBe(200);
    const refused = await call('issueToken', { label: 'one more' }, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'API_KEY_LIMIT',
      message: 'You already have 20 API keys: revoke one before issuing another.',
    });
    const ru = await call('issueToken', { label: 'ещё' }, token, { 'x-locale-id': 'ru' });
    expect(ru.json().message).toBe('У вас уже 20 API-ключей: отзовите один, чтобы выпустить новый.');
  });

  it('needs a signed-in user and the configured action', async () => {
    expect((await call('fetchTokenList', {})).statusCode).toBe(401);
    const token = await signedIn('action@example.com');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/stores/actions/other-action/fetchTokenList',
      headers: { authorization: token },
    });
    expect(wrong.statusCode).toBe(404);
    expect((await call('revokeToken', {}, token)).json().code).toBe('VALIDATION_ERROR');
  });
});
