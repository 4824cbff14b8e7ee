import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  latestOutboxMessage,
  litreBalance,
  postToStore,
  registerUser,
  type StoreCall,
  type TestApp,
  testDatabases,
} from '../../test/harness.ts';

/** Account takeover and free-litre holes found by attacking the default configuration (issue 11). */
describe.each(testDatabases)('account security on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, call?: StoreCall) => postToStore(t, url, payload, call);
  const auth = (token: string) => ({ headers: { authorization: token } });
  const litres = (token: string) => litreBalance(t, token);

  /** The reset link of the newest reset mail to an address. */
  async function resetLink(email: string): Promise<URL> {
    const mail = await latestOutboxMessage(t, email);
    return new URL(mail?.text.match(/https?:\/\/\S+/)?.[0] ?? 'http://none');
  }

  describe('reset links', () => {
    it('are built from the configured site, whatever Host the request names', async () => {
      await registerUser(t, 'host@example.com');
      const forged = await post(
        '/users/reset',
        { email: 'host@example.com', callbackUrl: 'http://evil.example/steal' },
        { headers: { host: 'evil.example' } },
      );
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toMatchObject({ code: 'CALLBACK_NOT_ALLOWED' });
      expect(forged.json().message).toContain('http://localhost');
      expect((await latestOutboxMessage(t, 'host@example.com'))?.subject).not.toBe('Password reset');

      const honest = await post(
        '/users/reset',
        { email: 'host@example.com', callbackUrl: 'http://localhost/en?modal=set-password' },
        { headers: { host: 'evil.example' } },
      );
      expect(honest.statusCode).toBe(200);
      expect((await resetLink('host@example.com')).origin).toBe('http://localhost');
    });

    it('stop working once the password changes, and using one ends the others', async () => {
      const token = await registerUser(t, 'links@example.com', 'first-password');
      const callbackUrl = 'http://localhost/en?modal=set-password';
      await post('/users/reset', { email: 'links@example.com', callbackUrl });
      const early = (await resetLink('links@example.com')).searchParams.get('token') ?? '';
      await post('/users/reset', { email: 'links@example.com', callbackUrl });
      const second = (await resetLink('links@example.com')).searchParams.get('token') ?? '';
      expect(second).not.toBe(early);

      // The owner changes the password: the link requested before stops working.
      const change = await post(
        '/users/changePassword',
        { password: 'first-password', newPassword: 'second-password' },
        auth(token),
      );
      expect(change.statusCode, change.body).toBe(200);
      const stale = await post('/users/setPassword', { newPassword: 'hijacked-1' }, auth(early));
      expect(stale.json().code).toBe('INVALID_RESET_TOKEN');
      expect(
        (await post('/users/setPassword', { newPassword: 'hijacked-2' }, auth(second))).json().code,
      ).toBe('INVALID_RESET_TOKEN');

      // Of two fresh links, using one ends the other.
      await post('/users/reset', { email: 'links@example.com', callbackUrl });
      const one = (await resetLink('links@example.com')).searchParams.get('token') ?? '';
      await post('/users/reset', { email: 'links@example.com', callbackUrl });
      const other = (await resetLink('links@example.com')).searchParams.get('token') ?? '';
      expect(
        (await post('/users/setPassword', { newPassword: 'third-password' }, auth(one))).statusCode,
      ).toBe(200);
      expect(
        (await post('/users/setPassword', { newPassword: 'fourth-pass' }, auth(other))).json().code,
      ).toBe('INVALID_RESET_TOKEN');
    });

    it('end with the account keys listed and a token that revokes them all once', async () => {
      const token = await registerUser(t, 'keys@example.com', 'first-password');
      const issued = await post('/actions/remove-background/issueToken', { label: 'hijacker' }, auth(token));
      expect(issued.statusCode, issued.body).toBe(200);
      const key = issued.json().value as string;
      // The owner hears of every key issued for the account.
      const mail = await latestOutboxMessage(t, 'keys@example.com');
      expect(mail?.subject).toBe('A new API key was issued for your account');
      expect(mail?.text).toContain('"hijacker"');
      expect(mail?.text).toContain('http://localhost/en/user/api');

      await post('/users/reset', {
        email: 'keys@example.com',
        callbackUrl: 'http://localhost/en?modal=set-password',
      });
      const link = (await resetLink('keys@example.com')).searchParams.get('token') ?? '';
      const set = await post('/users/setPassword', { newPassword: 'second-password' }, auth(link));
      expect(set.json()).toMatchObject({
        result: true,
        apiKeys: [{ label: 'hijacker', prefix: key.slice(0, 10) }],
        revokeKeysToken: expect.any(String),
      });
      const before = await t.app.inject({
        method: 'GET',
        url: '/api/v1/account',
        headers: { 'x-access-token': key },
      });
      expect(before.statusCode).toBe(200);

      const revoke = await post('/users/revokeApiKeys', { token: set.json().revokeKeysToken });
      expect(revoke.json()).toEqual({ result: true, revoked: 1 });
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/v1/account',
        headers: { 'x-access-token': key },
      });
      expect(after.statusCode).toBe(403);
      const again = await post('/users/revokeApiKeys', { token: set.json().revokeKeysToken });
      expect(again.json().code).toBe('INVALID_RESET_TOKEN');
      // The reset link's own token cannot revoke keys, nor the revoke token set a password.
      expect((await post('/users/revokeApiKeys', { token: link })).json().code).toBe('INVALID_RESET_TOKEN');
    });
  });

  describe('passwords', () => {
    it('refuses a new password under 8 characters', async () => {
      const token = await registerUser(t, 'short@example.com', 'long-enough');
      const change = await post(
        '/users/changePassword',
        { password: 'long-enough', newPassword: 'seven77' },
        auth(token),
      );
      expect(change.statusCode).toBe(400);
      expect(change.json().details.issues[0]).toMatchObject({
        key: 'error_password_too_short',
        message: 'The password must be at least 8 characters long.',
      });
    });

    it('refuses the current password as the new one, with its field named, and ends no session', async () => {
      const token = await registerUser(t, 'same@example.com', 'kept-password');
      const other = (
        await post('/users/login', { email: 'same@example.com', password: 'kept-password' })
      ).json().id as string;
      const change = await post(
        '/users/changePassword',
        { password: 'kept-password', newPassword: 'kept-password' },
        auth(token),
      );
      expect(change.statusCode).toBe(400);
      expect(change.json().details.issues[0]).toMatchObject({
        path: 'newPassword',
        key: 'error_password_unchanged',
        message: 'The new password is the current one. Choose another.',
      });
      const session = await t.app.inject({
        method: 'GET',
        url: '/api/stores/fetchStoreInfo',
        headers: { authorization: other },
      });
      expect(session.json().user?.email).toBe('same@example.com');
    });

    it('limits wrong current passwords on a change, and a change signs the other sessions out', async () => {
      const token = await registerUser(t, 'change@example.com', 'right-password');
      const other = (
        await post('/users/login', { email: 'change@example.com', password: 'right-password' })
      ).json().id as string;
      const statuses = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        statuses.push(
          (
            await post(
              '/users/changePassword',
              { password: `guess-${attempt}-x`, newPassword: 'new-password' },
              auth(token),
            )
          ).statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      // Locked: even the right password waits.
      const locked = await post(
        '/users/changePassword',
        { password: 'right-password', newPassword: 'new-password' },
        auth(token),
      );
      expect(locked.statusCode).toBe(429);

      const fresh = await registerUser(t, 'change2@example.com', 'right-password');
      const second = (
        await post('/users/login', { email: 'change2@example.com', password: 'right-password' })
      ).json().id as string;
      const changed = await post(
        '/users/changePassword',
        { password: 'right-password', newPassword: 'new-password' },
        auth(fresh),
      );
      expect(changed.statusCode).toBe(200);
      const session = (value: string) =>
        t.app.inject({ method: 'GET', url: '/api/stores/fetchStoreInfo', headers: { authorization: value } });
      expect((await session(fresh)).json().user?.email).toBe('change2@example.com');
      expect((await session(second)).json().user).toBeNull();
      expect((await session(other)).json().user?.email).toBe('change@example.com');
    });
  });

  describe('guesses at once', () => {
    it('let no more than five wrong current passwords through on a change', async () => {
      const token = await registerUser(t, 'change-rush@example.com', 'right-password');
      const guesses = await Promise.all(
        Array.from({ length: 15 }, (_, n) =>
          post(
            '/users/changePassword',
            { password: `guess-${n}-x`, newPassword: 'new-password' },
            auth(token),
          ),
        ),
      );
      const statuses = guesses.map((guess) => guess.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    });
  });

  describe('free litres', () => {
    it('go to verified accounts only: an anonymous account has none and cannot spend', async () => {
      const verified = await registerUser(t, 'free@example.com');
      expect(await litres(verified)).toBe(5);
      const anonymous = await post(
        '/users/register',
        { anonymous: true, autoLogin: true, fullName: 'Anon' },
        { remoteAddress: '10.77.0.1' },
      );
      const token = anonymous.json().accessTokens[0].id as string;
      expect(await litres(token)).toBe(0);
    });

    it('anonymous sign-ups are limited per client address', async () => {
      const statuses = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const response = await post(
          '/users/register',
          { anonymous: true, autoLogin: true },
          { remoteAddress: '10.77.0.2' },
        );
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const elsewhere = await post('/users/register', { anonymous: true }, { remoteAddress: '10.77.0.3' });
      expect(elsewhere.statusCode).toBe(200);
    });
  });
});
