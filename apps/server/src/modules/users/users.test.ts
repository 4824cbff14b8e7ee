import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransactor } from '../../platform/db/transactions.ts';
import {
  createTestApp,
  latestOutboxMessage,
  postToStore,
  type StoreCall,
  type TestApp,
  testClock,
  testDatabases,
} from '../../test/harness.ts';
import { createUsersRepo } from './users.repo.ts';

const codeOf = (text: string) => text.match(/\b(\d{6})\b/)?.[1] ?? '';

describe.each(testDatabases)('users on %s', (kind) => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: clock.now });
  });
  afterAll(() => t.close());

  // Each call from its own client address, so that the per-client limits of sign-ups stay out of the
  // way of cases about other rules; the per-client cases name their address.
  const post = (url: string, payload: unknown, call: StoreCall = {}) =>
    postToStore(t, `/users${url}`, payload, { ownClient: true, ...call });

  async function requestCode(email: string, purpose = 'user_verify') {
    const response = await post('/permissions/request?typeId=email', { purpose, email });
    expect(response.statusCode, response.body).toBe(200);
    const [item] = response.json().permissionItemList;
    const mail = await latestOutboxMessage(t, email.trim().toLowerCase());
    return { item, code: codeOf(mail?.text ?? '') };
  }

  async function registered(email: string, password = 'secret-1') {
    const { item, code } = await requestCode(email);
    await post('/permissions/approve?typeId=email', {
      purpose: 'user_verify',
      permissionItemList: [{ id: item.id, otp: code }],
    });
    const response = await post('/register', {
      email,
      password,
      permissionItemList: [{ id: item.id }],
      autoLogin: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().accessTokens[0] as { id: string; userId: string };
  }

  describe('verification codes', () => {
    it('sends a 6-digit code by e-mail and answers the permission item without it', async () => {
      const { item, code } = await requestCode('Ann@Example.com ');
      expect(code).toMatch(/^\d{6}$/);
      expect(item).toMatchObject({ typeId: 'email', email: 'ann@example.com', granted: false, otp: null });
      expect(new Date(item.nextRequestAt).getTime() - clock.now().getTime()).toBe(60_000);
      expect(new Date(item.expiredAt).getTime() - clock.now().getTime()).toBe(600_000);
      expect(item.expiredAtText).toBe('The code is valid for 10 min.');
      const mail = await latestOutboxMessage(t, 'ann@example.com');
      expect(mail?.html).toContain(code);
    });

    it('refuses a new code before the next request time, saying when', async () => {
      await requestCode('bob@example.com');
      const response = await post('/permissions/request?typeId=email', {
        purpose: 'user_verify',
        email: 'bob@example.com',
      });
      expect(response.statusCode).toBe(429);
      expect(response.headers['retry-after']).toBe('60');
      expect(response.json()).toMatchObject({
        code: 'NEXT_REQUEST_NOT_YET',
        message: 'You can request a new code in 60 s.',
      });
    });

    it('refuses an empty address and an unknown channel', async () => {
      const empty = await post('/permissions/request?typeId=email', { purpose: 'user_verify' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Fill in the e-mail.' });
      const channel = await post('/permissions/request?typeId=pigeon', {
        purpose: 'user_verify',
        email: 'x@y.z',
      });
      expect(channel.statusCode).toBe(400);
    });

    it('grants a right code and counts wrong ones', async () => {
      const { item, code } = await requestCode('carol@example.com');
      const wrong = code === '000000' ? '111111' : '000000';
      const refused = await post('/permissions/approve?typeId=email', {
        purpose: 'user_verify',
        permissionItemList: [{ id: item.id, otp: wrong }],
      });
      expect(refused.json()).toMatchObject({ code: 'CODE_NOT_VALID', details: { attemptsLeft: 4 } });
      const granted = await post('/permissions/approve?typeId=email', {
        purpose: 'user_verify',
        permissionItemList: [{ id: item.id, otp: code }],
      });
      expect(granted.statusCode).toBe(200);
      expect(granted.json().permissionItemList[0]).toMatchObject({ id: item.id, granted: true });
    });

    it('stops accepting codes after five wrong ones', async () => {
      const { item, code } = await requestCode('dan@example.com');
      const wrong = code === '000000' ? '111111' : '000000';
      const approve = (otp: string) =>
        post('/permissions/approve?typeId=email', {
          purpose: 'user_verify',
          permissionItemList: [{ id: item.id, otp }],
        });
      for (let attempt = 0; attempt < 5; attempt += 1) await approve(wrong);
      const last = await approve(code);
      expect(last.statusCode).toBe(429);
      expect(last.json().code).toBe('ATTEMPTS_EXCEEDED');
    });

    it('compares at most five guesses at a code when they come at once, and sends one code at a time', async () => {
      const { item, code } = await requestCode('rush-code@example.com');
      const wrong = (n: number) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');
      const guesses = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          post('/permissions/approve?typeId=email', {
            purpose: 'user_verify',
            permissionItemList: [{ id: item.id, otp: wrong(n) }],
          }),
        ),
      );
      const codes = guesses.map((guess) => guess.json().code);
      expect(codes.filter((answer) => answer === 'CODE_NOT_VALID')).toHaveLength(4);
      expect(codes.filter((answer) => answer === 'ATTEMPTS_EXCEEDED')).toHaveLength(16);
      const right = await post('/permissions/approve?typeId=email', {
        purpose: 'user_verify',
        permissionItemList: [{ id: item.id, otp: code }],
      });
      expect(right.json().code).toBe('ATTEMPTS_EXCEEDED');

      const requests = await Promise.all(
        Array.from({ length: 8 }, () =>
          post('/permissions/request?typeId=email', {
            purpose: 'user_verify',
            email: 'rush-send@example.com',
          }),
        ),
      );
      const answers = requests.map((request) => request.statusCode).sort();
      expect(answers).toEqual([200, 429, 429, 429, 429, 429, 429, 429]);
      expect(requests.find((request) => request.statusCode === 429)?.json().code).toBe(
        'NEXT_REQUEST_NOT_YET',
      );
    });

    it('says when a code has expired, and when it is missing', async () => {
      const { item, code } = await requestCode('erin@example.com');
      const missing = await post('/permissions/approve?typeId=email', {
        purpose: 'user_verify',
        permissionItemList: [{ id: item.id, otp: '' }],
      });
      expect(missing.json().code).toBe('CODE_REQUIRED');
      clock.advance(11 * 60_000);
      const expired = await post('/permissions/approve?typeId=email', {
        purpose: 'user_verify',
        permissionItemList: [{ id: item.id, otp: code }],
      });
      expect(expired.json()).toMatchObject({
        code: 'CODE_EXPIRED',
        message: 'The code has expired. Request a new one.',
      });
    });
    it('accepts only the newest code sent: a new code ends the one before, but not a granted one', async () => {
      const approve = (id: string, otp: string) =>
        post('/permissions/approve?typeId=email', {
          purpose: 'user_verify',
          permissionItemList: [{ id, otp }],
        });
      const first = await requestCode('gwen@example.com');
      clock.advance(61_000);
      const second = await requestCode('gwen@example.com');
      expect(second.item.id).not.toBe(first.item.id);
      expect((await approve(first.item.id, first.code)).json().code).toBe('CODE_EXPIRED');
      const granted = await approve(second.item.id, second.code);
      expect(granted.json().permissionItemList[0]).toMatchObject({ id: second.item.id, granted: true });
      // A code asked for afterwards leaves the granted one usable.
      clock.advance(61_000);
      const third = await requestCode('gwen@example.com');
      const response = await post('/register', {
        email: 'gwen@example.com',
        password: 'secret-1',
        permissionItemList: [{ id: second.item.id }],
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((await approve(third.item.id, third.code)).statusCode).toBe(200);
    });
  });

  describe('registration and login', () => {
    it('registers with a verified e-mail and signs in at once', async () => {
      const token = await registered('frank@example.com');
      const info = await t.app.inject({
        method: 'GET',
        url: '/api/stores/fetchStoreInfo',
        headers: { authorization: token.id },
      });
      expect(info.json().user).toMatchObject({
        id: token.userId,
        email: 'frank@example.com',
        anonymous: false,
      });
      const actions: Array<{ quantity: number }> = info.json().partnerActions;
      expect(actions.reduce((sum, action) => sum + action.quantity, 0)).toBe(5);
    });

    it('refuses registration without a verified e-mail', async () => {
      const response = await post('/register', { email: 'gina@example.com', password: 'secret-1' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VERIFICATION_REQUIRED', details: { field: 'email' } });
    });

    it('refuses a code that was granted too long ago', async () => {
      const { item, code } = await requestCode('greg@example.com');
      await post('/permissions/approve?typeId=email', {
        purpose: 'user_verify',
        permissionItemList: [{ id: item.id, otp: code }],
      });
      clock.advance(61 * 60_000);
      const response = await post('/register', {
        email: 'greg@example.com',
        password: 'secret-1',
        permissionItemList: [{ id: item.id }],
      });
      expect(response.json()).toMatchObject({ code: 'CODE_EXPIRED', details: { field: 'email' } });
    });

    it('does not tell who has an account: a taken address gets a note to its owner, not a code', async () => {
      await registered('hank@example.com');
      const taken = await post('/permissions/request?typeId=email', {
        purpose: 'user_verify',
        email: 'hank@example.com',
      });
      const free = await post('/permissions/request?typeId=email', {
        purpose: 'user_verify',
        email: 'hank-new@example.com',
      });
      expect(taken.statusCode).toBe(200);
      expect(free.statusCode).toBe(200);
      expect(Object.keys(taken.json().permissionItemList[0]).sort()).toEqual(
        Object.keys(free.json().permissionItemList[0]).sort(),
      );
      const note = await latestOutboxMessage(t, 'hank@example.com');
      expect(note?.subject).toBe('You already have an account');
      expect(note?.text).toContain('http://localhost/en?modal=reset-password');
      expect(codeOf(note?.text ?? '')).toBe('');
      // Without a code nobody can go on to register, and register says nothing before the code.
      const register = await post('/register', {
        email: 'hank@example.com',
        password: 'secret-12',
        permissionItemList: [{ id: taken.json().permissionItemList[0].id }],
      });
      expect(register.json().code).toBe('CODE_NOT_VALID');
      const noCode = await post('/register', { email: 'hank@example.com', password: 'secret-12' });
      expect(noCode.json().code).toBe('VERIFICATION_REQUIRED');
    });

    it('says an address is taken only to whoever proved it with a code, naming the field', async () => {
      // Two sign-ups under way at once (two tabs), each with a code entered before the next was sent.
      const codes = [];
      for (const _ of [1, 2]) {
        const { item, code } = await requestCode('twice@example.com');
        await post('/permissions/approve?typeId=email', {
          purpose: 'user_verify',
          permissionItemList: [{ id: item.id, otp: code }],
        });
        codes.push(item.id as string);
        clock.advance(61_000);
      }
      const [first, second] = codes as [string, string];
      const register = (id: string) =>
        post('/register', {
          email: 'twice@example.com',
          password: 'secret-12',
          permissionItemList: [{ id }],
        });
      expect((await register(first)).statusCode).toBe(200);
      const again = await register(second);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'USER_ALREADY_EXISTS', details: { field: 'email' } });
    });

    it('limits sign-ups per client address', async () => {
      const statuses = [];
      for (let attempt = 0; attempt < 11; attempt += 1) {
        const response = await post(
          '/register',
          { email: `flood-${attempt}@example.com`, password: 'secret-12' },
          { remoteAddress: '10.9.9.9' },
        );
        statuses.push(response.statusCode);
      }
      // Each attempt is refused for its missing code; the eleventh for the limit.
      expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
      expect(statuses[10]).toBe(429);
    });

    it('names the missing fields, in Russian when asked', async () => {
      const response = await post(
        '/register',
        { email: 'ivy@example.com' },
        { headers: { 'x-locale-id': 'ru' } },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Заполните пароль.' });
      expect(response.json().details.issues[0]).toMatchObject({
        path: 'password',
        key: 'error_password_required',
      });
      const bad = await post('/register', { email: 'not-an-email', password: 'secret-1' });
      expect(bad.json().details.issues[0].key).toBe('error_email_invalid');
      const guessable = await post('/register', { email: 'ivy@example.com', password: 'Qwerty123' });
      expect(guessable.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'This password is among the first ones guessed. Choose another.',
        details: { issues: [{ path: 'password', key: 'error_password_too_common' }] },
      });
    });

    it('logs in, and refuses a wrong password with the same answer as an unknown account', async () => {
      const { userId } = await registered('jack@example.com', 'right-password');
      const ok = await post('/login', { email: 'JACK@example.com', password: 'right-password' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ userId, id: expect.any(String) });
      const wrong = await post('/login', { email: 'jack@example.com', password: 'wrong-password' });
      const unknown = await post('/login', { email: 'nobody@example.com', password: 'wrong-password' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
      expect(unknown.json().code).toBe('INVALID_CREDENTIALS');
    });

    it('limits failed logins per address', async () => {
      await registered('kate@example.com', 'right-password');
      const statuses = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        statuses.push(
          (await post('/login', { email: 'kate@example.com', password: 'nope-nope' })).statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      // Locked means locked: the right password does not get through either, from any address.
      const limited = await post('/login', { email: 'kate@example.com', password: 'right-password' });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
    });

    it('lets no more than five guesses at a password through when they come at once', async () => {
      await registered('rush@example.com', 'right-password');
      const guesses = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          post('/login', { email: 'rush@example.com', password: `nope-${n}` }),
        ),
      );
      const statuses = guesses.map((guess) => guess.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(15);
      const locked = await post('/login', { email: 'rush@example.com', password: 'right-password' });
      expect(locked.statusCode).toBe(429);
    });

    it('asks for a password reset when the account is flagged', async () => {
      const { userId } = await registered('leo@example.com', 'right-password');
      await createUsersRepo(createTransactor(t.database.db)).update(userId, { passwordResetRequired: true });
      const response = await post('/login', { email: 'leo@example.com', password: 'right-password' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'PASSWORD_RESET_REQUIRED',
        details: { email: 'leo@example.com' },
      });
    });

    it('logs out by revoking the token', async () => {
      const token = await registered('mia@example.com');
      const out = await post('/logout', {}, { headers: { authorization: token.id } });
      expect(out.json()).toEqual({ result: true });
      const info = await t.app.inject({
        method: 'GET',
        url: '/api/stores/fetchStoreInfo',
        headers: { authorization: token.id },
      });
      expect(info.json().user).toBeNull();
      const again = await post('/logout', {}, { headers: { authorization: token.id } });
      expect(again.statusCode).toBe(401);
      expect(again.json().code).toBe('AUTHORIZATION_REQUIRED');
    });

    it('accepts the token from the access_token cookie', async () => {
      const token = await registered('ned@example.com');
      const info = await t.app.inject({
        method: 'GET',
        url: '/api/stores/fetchStoreInfo',
        headers: { cookie: `access_token=${token.id}` },
      });
      expect(info.json().user.id).toBe(token.userId);
    });

    it('registers an anonymous customer', async () => {
      const response = await post('/register', {
        anonymous: true,
        autoLogin: true,
        email: null,
        password: null,
        fullName: 'Olga',
      });
      expect(response.statusCode, response.body).toBe(200);
      const [token] = response.json().accessTokens;
      const info = await t.app.inject({
        method: 'GET',
        url: '/api/stores/fetchStoreInfo',
        headers: { authorization: token.id },
      });
      expect(info.json().user).toMatchObject({ anonymous: true, fullName: 'Olga', email: null });
    });
  });

  describe('password reset', () => {
    const callbackUrl = 'http://localhost:80/en?modal=set-password';

    it('sends a one-time link that sets a new password and ends every session', async () => {
      const token = await registered('pam@example.com', 'old-password');
      const reset = await post('/reset', { email: 'pam@example.com', callbackUrl });
      expect(reset.json()).toEqual({ result: true });
      const mail = await latestOutboxMessage(t, 'pam@example.com');
      const link = mail?.text.match(/https?:\/\/\S+/)?.[0] ?? '';
      const resetToken = new URL(link).searchParams.get('token') ?? '';
      expect(new URL(link).searchParams.get('modal')).toBe('set-password');
      const set = await post(
        '/setPassword',
        { newPassword: 'new-password' },
        { headers: { authorization: resetToken } },
      );
      expect(set.json()).toEqual({ result: true, apiKeys: [], revokeKeysToken: null });
      expect(
        (
          await post(
            '/setPassword',
            { newPassword: 'x-password' },
            { headers: { authorization: resetToken } },
          )
        ).json().code,
      ).toBe('INVALID_RESET_TOKEN');
      expect((await post('/login', { email: 'pam@example.com', password: 'old-password' })).statusCode).toBe(
        401,
      );
      expect((await post('/login', { email: 'pam@example.com', password: 'new-password' })).statusCode).toBe(
        200,
      );
      expect((await post('/logout', {}, { headers: { authorization: token.id } })).statusCode).toBe(401);
    });

    it('answers the same for an unknown address, and sends nothing', async () => {
      const reset = await post('/reset', { email: 'ghost@example.com', callbackUrl });
      expect(reset.json()).toEqual({ result: true });
      expect(await latestOutboxMessage(t, 'ghost@example.com')).toBeNull();
    });

    it('refuses a callback to another site', async () => {
      const reset = await post('/reset', {
        email: 'pam@example.com',
        callbackUrl: 'https://evil.example/steal',
      });
      expect(reset.statusCode).toBe(400);
      expect(reset.json().code).toBe('CALLBACK_NOT_ALLOWED');
    });

    it('sets a new password with a reset code', async () => {
      await registered('quinn@example.com', 'old-password');
      const { item, code } = await requestCode('quinn@example.com', 'user_reset_password');
      await post('/permissions/approve?typeId=email', {
        purpose: 'user_reset_password',
        permissionItemList: [{ id: item.id, otp: code }],
      });
      const set = await post('/setPassword', {
        newPassword: 'new-password',
        permissionItemList: [{ id: item.id }],
      });
      expect(set.json()).toMatchObject({ result: true, apiKeys: [] });
      expect(
        (await post('/login', { email: 'quinn@example.com', password: 'new-password' })).statusCode,
      ).toBe(200);
    });
  });

  describe('locale, currency and profile', () => {
    it('needs a user', async () => {
      const response = await post('/changeLocale', { localeId: 'ru' });
      expect(response.statusCode).toBe(401);
    });

    it('changes the locale and currency of the user, refusing empty or unknown ones', async () => {
      const token = await registered('rita@example.com');
      const auth = { headers: { authorization: token.id } };
      expect((await post('/changeLocale', {}, auth)).json().code).toBe('core_locale_not_set');
      expect((await post('/changeCurrency', { currencyId: 'XXX' }, auth)).json().code).toBe(
        'core_currency_not_set',
      );
      expect((await post('/changeLocale', { localeId: 'ru' }, auth)).statusCode).toBe(200);
      expect((await post('/changeCurrency', { currencyId: 'EUR' }, auth)).statusCode).toBe(200);
      expect((await post('/updateProfile', { fullName: 'Rita R.' }, auth)).statusCode).toBe(200);
      const info = await t.app.inject({ method: 'GET', url: '/api/stores/fetchStoreInfo', ...auth });
      expect(info.json().user).toMatchObject({ localeId: 'ru', currencyId: 'EUR', fullName: 'Rita R.' });
    });

    it('changes the password only with the current one', async () => {
      const token = await registered('sam@example.com', 'old-password');
      const auth = { headers: { authorization: token.id } };
      expect(
        (await post('/changePassword', { password: 'wrong', newPassword: 'new-password' }, auth)).statusCode,
      ).toBe(401);
      expect(
        (await post('/changePassword', { password: 'old-password', newPassword: 'new-password' }, auth))
          .statusCode,
      ).toBe(200);
      expect((await post('/login', { email: 'sam@example.com', password: 'new-password' })).statusCode).toBe(
        200,
      );
    });
  });
});
