import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness.ts';
import { type LocalProvider, startLocalProvider } from '../../test/oidc.ts';
import { safeReturnPath } from './passports.service.ts';

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
    const back = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(back.statusCode, back.body).toBe(302);
    expect(back.headers.location).toBe('/ru/user');
    const cookie = back.cookies.find((item) => item.name === 'access_token');
    expect(cookie?.value).toBeTruthy();

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
    const replay = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(replay.headers.location).toBe('/?passport_error=AUTHORIZATION_REQUIRED');
  });

  it('signs the same person in to the same account the next time', async () => {
    const userIds = [];
    for (let round = 0; round < 2; round += 1) {
      const start = await t.app.inject({ method: 'GET', url: '/api/passports/local/auth' });
      const callback = await signInAtProvider(start.headers.location as string, 'bruno');
      const back = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
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

  it('returns only to paths of this site', () => {
    expect(safeReturnPath('/ru/user?x=1')).toBe('/ru/user?x=1');
    for (const hostile of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      undefined,
    ]) {
      expect(safeReturnPath(hostile)).toBe('/');
    }
  });
});
