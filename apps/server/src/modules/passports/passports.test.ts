import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness.ts';
import { type LocalProvider, startLocalProvider } from '../../test/oidc.ts';

/** Drives the provider's development login and consent screens like a browser, cookies included. */
async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const remember = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) jar.set(name.trim(), value.join('='));
    }
  };
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  let url = new URL(authorizationUrl);
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 12; step += 1) {
    if (url.pathname.endsWith('/api/passports/local/callback')) return url;
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      headers: {
        cookie: cookieHeader(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      redirect: 'manual',
    });
    remember(response);
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      continue;
    }
    const html = await response.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`no form at ${url}: ${html.slice(0, 300)}`);
    const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1] ?? 'consent';
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    url = new URL(action.replaceAll('&amp;', '&'), url);
  }
  throw new Error('the provider never sent the browser back');
}

/** The state cookie the sign-in start gives the browser, as a Cookie header value. */
const stateCookieOf = (start: {
  cookies: Array<{ name: string; value: string }>;
}): Record<string, string> => {
  const cookie = start.cookies.find((item) => item.name === 'passport_state');
  return cookie ? { passport_state: cookie.value } : {};
};

describe.each(testDatabases)('external sign-in on %s', (kind) => {
  let provider: LocalProvider;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startLocalProvider({
      clientId: 'cutout',
      clientSecret: 'cutout-secret',
      redirectUris: ['http://localhost/api/passports/local/callback'],
    });
    t = await createTestApp(kind, {
      PASSPORTS: 'local',
      PASSPORT_LOCAL_ISSUER: provider.issuer,
      PASSPORT_LOCAL_CLIENT_ID: 'cutout',
      PASSPORT_LOCAL_CLIENT_SECRET: 'cutout-secret',
      PASSPORT_LOCAL_NAME: 'Local ID',
      PASSPORT_LOCAL_ICON_URL: '/passports/local.svg',
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it('lists the configured passports in store info', async () => {
    const info = await t.app.inject({ method: 'GET', url: '/api/stores/fetchStoreInfo' });
    expect(info.json().passports).toEqual([
      {
        slugifyId: 'local',
        name: 'Local ID',
        primaryImage: { url: '/passports/local.svg', alt: 'Local ID' },
      },
    ]);
  });

  it('signs in through the provider, creates the user and returns to the site signed in', async () => {
    const start = await t.app.inject({
      method: 'GET',
      url: '/api/passports/local/auth?storeId=cutout&returnTo=/ru/user',
    });
    expect(start.statusCode).toBe(302);
    const authorization = new URL(start.headers.location as string);
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');

    const callback = await signInAtProvider(authorization.toString(), 'alice');
    const back = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      cookies: stateCookieOf(start),
    });
    expect(back.statusCode, back.body).toBe(302);
    expect(back.headers.location).toBe('/ru/user');
    const cookie = back.cookies.find((item) => item.name === 'access_token');
    expect(cookie?.value).toBeTruthy();
    // The session cookie is out of scripts' reach; the hint beside it is what the web app reads.
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(back.cookies.find((item) => item.name === 'signed_in')).toMatchObject({ value: '1' });
    expect(back.cookies.find((item) => item.name === 'signed_in')?.httpOnly).toBeFalsy();

    const info = await t.app.inject({
      method: 'GET',
      url: '/api/stores/fetchStoreInfo',
      headers: { authorization: cookie?.value ?? '' },
    });
    expect(info.json().user).toMatchObject({
      email: 'alice@oidc.test',
      fullName: 'User alice',
      passports: [{ slugifyId: 'local' }],
      hasPassword: false,
    });

    // The same answer cannot be used twice.
    const replay = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      cookies: stateCookieOf(start),
    });
    expect(replay.headers.location).toBe('/?passport_error=AUTHORIZATION_REQUIRED');
  });

  it('signs the same person in to the same account the next time', async () => {
    const userIds = [];
    for (let round = 0; round < 2; round += 1) {
      const start = await t.app.inject({ method: 'GET', url: '/api/passports/local/auth' });
      const callback = await signInAtProvider(start.headers.location as string, 'bruno');
      const back = await t.app.inject({
        method: 'GET',
        url: `${callback.pathname}${callback.search}`,
        cookies: stateCookieOf(start),
      });
      const token = back.cookies.find((item) => item.name === 'access_token')?.value ?? '';
      const info = await t.app.inject({
        method: 'GET',
        url: '/api/stores/fetchStoreInfo',
        headers: { authorization: token },
      });
      userIds.push(info.json().user.id);
    }
    expect(userIds[0]).toBeTruthy();
    expect(userIds[1]).toBe(userIds[0]);
  });

  it('refuses a forged state and an unknown passport', async () => {
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/passports/local/callback?code=x&state=forged',
    });
    expect(forged.headers.location).toBe('/?passport_error=AUTHORIZATION_REQUIRED');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/passports/nope/auth' });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a callback in a browser that did not start the sign-in (login CSRF)', async () => {
    // The attacker starts a sign-in as himself and sends the callback link to a victim.
    const start = await t.app.inject({ method: 'GET', url: '/api/passports/local/auth' });
    const callback = await signInAtProvider(start.headers.location as string, 'mallory');
    const victim = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(victim.headers.location).toBe('/?passport_error=AUTHORIZATION_REQUIRED');
    expect(victim.cookies.find((item) => item.name === 'access_token')).toBeUndefined();
    // Another browser's state does not fit either.
    const other = await t.app.inject({ method: 'GET', url: '/api/passports/local/auth' });
    const mixed = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      cookies: stateCookieOf(other),
    });
    expect(mixed.headers.location).toBe('/?passport_error=AUTHORIZATION_REQUIRED');
  });

  it('keeps the state cookie HttpOnly, SameSite=Lax and short-lived', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/passports/local/auth' });
    const cookie = start.cookies.find((item) => item.name === 'passport_state');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/passports', maxAge: 600 });
    expect(new URL(start.headers.location as string).searchParams.get('state')).toBe(cookie?.value);
  });

  it.each([
    '/%09/evil.example/phish',
    '/%0a/evil.example/phish',
    '//evil.example/phish',
    '/%5cevil.example',
    'https://evil.example/',
  ])('returns to the main page, not to %s', async (returnTo) => {
    const start = await t.app.inject({
      method: 'GET',
      url: `/api/passports/local/auth?returnTo=${returnTo}`,
    });
    const callback = await signInAtProvider(start.headers.location as string, 'olga');
    const back = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      cookies: stateCookieOf(start),
    });
    expect(back.statusCode, back.body).toBe(302);
    expect(back.headers.location).toBe('/');
  });
});
