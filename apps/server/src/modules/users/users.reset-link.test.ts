import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  latestOutboxMessage,
  postToStore,
  registerUser,
  type StoreCall,
  type TestApp,
  testClock,
  testDatabases,
} from '../../test/harness.ts';
import { passwordPolicy } from './password.service.ts';

const callbackUrl = 'http://localhost/en?modal=set-password';
const codeOf = (text: string) => text.match(/\b(\d{6})\b/)?.[1] ?? '';

/** The check a reset link gets when it opens (`/users/checkResetLink`): it must never use the link up. */
describe.each(testDatabases)('reset link check on %s', (kind) => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now: clock.now });
  });
  afterAll(() => t.close());

  // Each call from its own client address, so that the per-client limit stays out of the way of the
  // cases about the token; the limit's own case names its address.
  const post = (url: string, payload: unknown, call: StoreCall = {}) =>
    postToStore(t, url, payload, { ownClient: true, ...call });
  const check = (token: string) => post('/users/checkResetLink', { token });
  const setPassword = (token: string, newPassword: string) =>
    post('/users/setPassword', { newPassword }, { headers: { authorization: token } });

  /** Asks for a reset link for the address and answers the token its mail holds. */
  async function resetToken(email: string): Promise<string> {
    const reset = await post('/users/reset', { email, callbackUrl });
    expect(reset.statusCode, reset.body).toBe(200);
    const mail = await latestOutboxMessage(t, email);
    const link = new URL(mail?.text.match(/https?:\/\/\S+/)?.[0] ?? 'http://none');
    return link.searchParams.get('token') ?? '';
  }

  it('says a fresh link is valid, naming no account, and leaves it usable', async () => {
    await registerUser(t, 'fresh@example.com', 'old-password');
    const token = await resetToken('fresh@example.com');

    const first = await check(token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ valid: true });
    expect((await check(token)).json()).toEqual({ valid: true });

    const set = await setPassword(token, 'new-password');
    expect(set.statusCode, set.body).toBe(200);
  });

  it('says a used link is not valid', async () => {
    await registerUser(t, 'used@example.com', 'old-password');
    const token = await resetToken('used@example.com');
    expect((await setPassword(token, 'new-password')).statusCode).toBe(200);

    expect((await check(token)).json()).toEqual({ valid: false });
  });

  it('says an expired link is not valid', async () => {
    await registerUser(t, 'expired@example.com', 'old-password');
    const token = await resetToken('expired@example.com');
    clock.advance(passwordPolicy.resetLinkLifetimeMs - 60_000);
    expect((await check(token)).json()).toEqual({ valid: true });

    clock.advance(2 * 60_000);
    expect((await check(token)).json()).toEqual({ valid: false });
    expect((await setPassword(token, 'new-password')).json().code).toBe('INVALID_RESET_TOKEN');
  });

  it('says an unknown token is not valid, and a token of another purpose neither', async () => {
    expect((await check('not-a-token')).json()).toEqual({ valid: false });
    expect((await check('x'.repeat(200))).json()).toEqual({ valid: false });

    // The token that revokes API keys after a reset is no reset link.
    const session = await registerUser(t, 'purpose@example.com', 'old-password');
    const issued = await post(
      '/actions/remove-background/issueToken',
      { label: 'script' },
      { headers: { authorization: session } },
    );
    expect(issued.statusCode, issued.body).toBe(200);
    const set = await setPassword(await resetToken('purpose@example.com'), 'new-password');
    const revokeKeysToken = set.json().revokeKeysToken as string;
    expect(revokeKeysToken).toEqual(expect.any(String));
    expect((await check(revokeKeysToken)).json()).toEqual({ valid: false });
  });

  it('refuses a body without a token', async () => {
    const response = await post('/users/checkResetLink', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
    expect((await check('')).statusCode).toBe(400);
  });

  it('says a link is not valid once the password was reset another way', async () => {
    await registerUser(t, 'later@example.com', 'old-password');
    const byCode = await resetToken('later@example.com');

    // A reset by code after the link was sent.
    const request = await post('/users/permissions/request?typeId=email', {
      purpose: 'user_reset_password',
      email: 'later@example.com',
    });
    const [item] = request.json().permissionItemList;
    const code = codeOf((await latestOutboxMessage(t, 'later@example.com'))?.text ?? '');
    await post('/users/permissions/approve?typeId=email', {
      purpose: 'user_reset_password',
      permissionItemList: [{ id: item.id, otp: code }],
    });
    const set = await post('/users/setPassword', {
      newPassword: 'new-password',
      permissionItemList: [{ id: item.id }],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await check(byCode)).json()).toEqual({ valid: false });

    // Of two links, using the newer one ends the older.
    const older = await resetToken('later@example.com');
    const newer = await resetToken('later@example.com');
    expect((await check(older)).json()).toEqual({ valid: true });
    expect((await setPassword(newer, 'third-password')).statusCode).toBe(200);
    expect((await check(older)).json()).toEqual({ valid: false });
  });

  it('limits checks per client address', async () => {
    const remoteAddress = '10.99.0.1';
    const { limit } = passwordPolicy.resetLinkChecksPerClient;
    for (let i = 0; i < limit; i++) {
      const allowed = await post('/users/checkResetLink', { token: `guess-${i}` }, { remoteAddress });
      expect(allowed.statusCode, allowed.body).toBe(200);
    }
    const refused = await post('/users/checkResetLink', { token: 'guess-last' }, { remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
