import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';

describe('web security', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    token = await registerUser(t, 'web@example.com');
  });
  afterAll(() => t.close());

  describe('headers', () => {
    it('sends a CSP without inline scripts, and no framing, sniffing or leaking referrers', async () => {
      for (const url of ['/', '/en/remove-background', '/api/stores/fetchStoreInfo']) {
        const response = await t.app.inject({ method: 'GET', url });
        const csp = String(response.headers['content-security-policy']);
        expect(csp).toContain("script-src 'self';");
        expect(csp).not.toMatch(/script-src[^;]*unsafe/);
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("form-action 'self'");
        // A photo given by its https address shows as it is; requests still go to the site only.
        expect(csp).toMatch(/img-src [^;]*https:/);
        expect(csp).not.toMatch(/img-src [^;]*http:/);
        expect(csp).toContain("connect-src 'self'");
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['x-frame-options']).toBe('DENY');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        // Plain http: no HSTS.
        expect(response.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('allows the analytics counter only when one is configured, and sends HSTS over https', async () => {
      const counted = await createTestApp('pglite', { ANALYTICS_COUNTER_ID: '123', TRUST_PROXY: 'true' });
      try {
        const response = await counted.app.inject({
          method: 'GET',
          url: '/',
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(String(response.headers['content-security-policy'])).toContain(
          "script-src 'self' https://mc.yandex.ru",
        );
        expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      } finally {
        await counted.close();
      }
      const plain = await t.app.inject({ method: 'GET', url: '/' });
      expect(String(plain.headers['content-security-policy'])).not.toContain('mc.yandex.ru');
    });
  });

  describe('cross-site requests', () => {
    const profile = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/stores/users/updateProfile',
        payload: { fullName: 'Changed' },
        headers,
      });

    it('refuses a cookie-authenticated POST from another site', async () => {
      const response = await profile({ cookie: `access_token=${token}`, origin: 'https://evil.example' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'CROSS_SITE_REQUEST',
        message: 'The request came from another site and was refused.',
      });
      const byReferer = await profile({
        cookie: `access_token=${token}`,
        referer: 'https://evil.example/form.html',
      });
      expect(byReferer.statusCode).toBe(403);
      const fetchMetadata = await profile({
        cookie: `access_token=${token}`,
        'sec-fetch-site': 'cross-site',
      });
      expect(fetchMetadata.statusCode).toBe(403);
      const nullOrigin = await profile({ cookie: `access_token=${token}`, origin: 'null' });
      expect(nullOrigin.statusCode).toBe(403);
    });

    it('refuses a cookie-only POST that names no origin at all', async () => {
      expect((await profile({ cookie: `access_token=${token}` })).statusCode).toBe(403);
    });

    it('refuses a cross-site form posting to the execute action before anything is read or spent', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/stores/actions/remove-background/execute',
        headers: {
          cookie: `access_token=${token}`,
          origin: 'https://evil.example',
          'content-type': 'multipart/form-data; boundary=x',
        },
        payload: '--x\r\nContent-Disposition: form-data; name="size"\r\n\r\nfull\r\n--x--\r\n',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('CROSS_SITE_REQUEST');
    });

    it('accepts the site itself, and API clients that send the token in a header', async () => {
      expect(
        (await profile({ cookie: `access_token=${token}`, origin: 'http://localhost' })).statusCode,
      ).toBe(200);
      expect(
        (await profile({ cookie: `access_token=${token}`, referer: 'http://localhost/en/user' })).statusCode,
      ).toBe(200);
      expect((await profile({ authorization: token })).statusCode).toBe(200);
    });
  });

  describe('CORS', () => {
    it('answers a preflight for the public API with a key header and no credentials', async () => {
      const response = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/removebg',
        headers: {
          origin: 'https://shop.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'x-access-token, content-type',
        },
      });
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain(
        'x-access-token',
      );
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/v1/account',
        headers: { origin: 'https://shop.example' },
      });
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(String(answer.headers['access-control-expose-headers'])).toContain('X-RateLimit-Remaining');
    });

    it('keeps the store API same-origin', async () => {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/stores/users/login',
        headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      const call = await t.app.inject({
        method: 'GET',
        url: '/api/stores/fetchStoreInfo',
        headers: { origin: 'https://shop.example' },
      });
      expect(call.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('request ids', () => {
    it('echoes a plain client id and replaces anything else', async () => {
      const plain = await t.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': 'abc-123.x' },
      });
      expect(plain.headers['x-request-id']).toBe('abc-123.x');
      for (const hostile of ['<script>alert(1)</script>', 'a'.repeat(65), 'line\tbreak']) {
        const response = await t.app.inject({
          method: 'GET',
          url: '/healthz',
          headers: { 'x-request-id': hostile },
        });
        expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
    });
  });
});

describe('the outbox', () => {
  it('is not readable on the default production configuration', async () => {
    const t = await createTestApp('pglite', { NODE_ENV: 'production' });
    try {
      await registerUser(t, 'victim@example.com');
      const api = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(api.statusCode).toBe(404);
      const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(page.body).not.toContain('victim@example.com');
    } finally {
      await t.close();
    }
  });

  it('is shown in development or when asked for, under its own strict CSP', async () => {
    const settings: Array<Record<string, string>> = [
      { NODE_ENV: 'development' },
      { NODE_ENV: 'production', OUTBOX_PAGE: 'true' },
    ];
    for (const env of settings) {
      const t = await createTestApp('pglite', env);
      try {
        await registerUser(t, 'dev@example.com');
        const api = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
        expect(api.statusCode).toBe(200);
        const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
        expect(page.body).toContain('dev@example.com');
        expect(page.headers['content-security-policy']).toContain("default-src 'none'");
      } finally {
        await t.close();
      }
    }
  });
});
