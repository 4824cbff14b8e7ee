import type { Engine, RemovalCall } from '@cutout/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../../test/api-errors.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { multipartBody } from '../../test/multipart.ts';
import { standInResult } from '../../test/stand-in-result.ts';
import type { RemovalRepo } from './removal.repo.ts';
import { createRemovalService } from './removal.service.ts';
import type { RemoveBackgroundWorkflow } from './remove-background.workflow.ts';

/**
 * What a removal request may look like and how often it may come: the form, the body limit, the
 * size rule, the rate limits and the cache scope. The engine is a stand-in that answers a 1x1 PNG
 * and notes what it was asked: what is tested is the server in front of it.
 */
const calls: Array<{ bytes: Uint8Array; call: RemovalCall | undefined }> = [];
const png = Buffer.from('89504e470d0a1a0a', 'hex');
const answer = standInResult(png);
const standIn = {
  remove: async (bytes: Uint8Array, _options: unknown, call?: RemovalCall) => {
    calls.push({ bytes, call });
    return answer;
  },
} as unknown as Engine;

const execute = '/api/stores/actions/remove-background/execute';
const removebg = '/api/v1/removebg';

const form = (parts: Array<[string, string | Buffer]>) => multipartBody(parts);

describe('removal requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { API_REQUESTS_PER_MINUTE: '1000' }, { engine: async () => standIn });
  });
  afterAll(() => t.close());

  /** Each test calls from an address of its own, so that the per-address limits do not meet. */
  const post = (
    url: string,
    from: string,
    body: { payload: Buffer | string | object; headers?: Record<string, string> },
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: from,
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });

  // The public API answers remove.bg's statuses: 400 for whatever is wrong with the request.
  const tooLarge = (url: string) => (url === removebg ? 400 : 413);

  describe('the form', () => {
    it('refuses multipart without a boundary with 400 MALFORMED_FORM, on both routes', async () => {
      for (const url of [execute, removebg]) {
        const response = await post(url, '198.51.100.1', {
          payload: 'image_file=whatever',
          headers: { 'content-type': 'multipart/form-data' },
        });
        expect(response.statusCode, url).toBe(400);
        expect(errorOf(response), url).toMatchObject({
          code: 'MALFORMED_FORM',
          message: 'The form cannot be read: it is not valid multipart/form-data.',
        });
      }
    });

    it('refuses a body cut off before the form ends with 400 MALFORMED_FORM, not 108, on both routes', async () => {
      const whole = form([
        ['size', 'preview'],
        ['image_file', Buffer.concat([png, Buffer.alloc(3000, 7)])],
      ]);
      const fileStarts = whole.payload.indexOf(png);
      // In a field's headers, in its value, in the file's headers, just before and inside its bytes,
      // and in the closing delimiter.
      const cuts = [40, 75, 120, fileStarts, fileStarts + 600, whole.payload.length - 4];
      for (const cut of cuts) {
        for (const url of [execute, removebg]) {
          const payload = whole.payload.subarray(0, cut);
          const response = await post(url, '198.51.100.11', { payload, headers: whole.headers });
          expect(response.statusCode, `${url} cut at ${cut}`).toBe(400);
          expect(response.body, `${url} cut at ${cut}`).toContain('MALFORMED_FORM');
        }
      }
      // The same form whole, and with an epilogue after its end (RFC 2046: ignored), is read.
      for (const payload of [whole.payload, Buffer.concat([whole.payload, Buffer.from('epilogue\r\n')])]) {
        const response = await post(removebg, '198.51.100.11', { payload, headers: whole.headers });
        expect(response.statusCode, response.body).toBe(200);
      }
      // A form that ends without an image is still told so (108).
      const noImage = await post(removebg, '198.51.100.11', form([['size', 'preview']]));
      expect(errorOf(noImage).details).toEqual({ errorCode: 108 });
    });

    it('refuses more than 30 fields before the file with 413 FORM_TOO_MANY_PARTS, on both routes', async () => {
      const fields = Array.from({ length: 31 }, (_, i) => [`extra_${i}`, 'x'] as [string, string]);
      for (const url of [execute, removebg]) {
        const response = await post(url, '198.51.100.2', form([...fields, ['image_file', png]]));
        expect(response.statusCode, url).toBe(tooLarge(url));
        expect(errorOf(response), url).toMatchObject({
          code: 'FORM_TOO_MANY_PARTS',
          message: 'The form has too many parts: at most 30 fields and 4 files are accepted.',
        });
      }
      const thirty = await post(
        removebg,
        '198.51.100.2',
        form([...fields.slice(2), ['size', 'preview'], ['image_file', png]]),
      );
      expect(thirty.statusCode, thirty.body).toBe(200);
    });

    it('refuses an unknown field of 40 MB after its first 64 KB, and a long option, never cutting them short', async () => {
      const huge = await post(
        removebg,
        '198.51.100.3',
        form([
          ['notes', 'a'.repeat(40 * 1024 * 1024)],
          ['size', 'preview'],
          ['image_file', png],
        ]),
      );
      expect(huge.statusCode).toBe(400);
      expect(errorOf(huge)).toMatchObject({
        code: 'FORM_FIELD_TOO_LARGE',
        message: 'The form field notes is too long: at most 64 KB is accepted.',
      });
      const longSize = await post(
        execute,
        '198.51.100.3',
        form([
          ['image_file', png],
          ['size', `preview${' '.repeat(64 * 1024)}`],
        ]),
        { 'x-locale-id': 'ru' },
      );
      expect(longSize.json()).toMatchObject({
        code: 'FORM_FIELD_TOO_LARGE',
        message: 'Поле формы size слишком длинное: принимается не более 64 КБ.',
      });
    });

    it('still takes an image as base64 text far over 64 KB, in a form field of its own limit', async () => {
      const image = Buffer.alloc(300 * 1024, 7);
      calls.length = 0;
      const response = await post(
        removebg,
        '198.51.100.4',
        form([
          ['size', 'preview'],
          ['image_file_b64', image.toString('base64')],
        ]),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(Buffer.from(calls[0]?.bytes ?? []).equals(image)).toBe(true);
    });

    it('refuses base64 text longer than a 32 MB image can be with 103, and reads past a file nobody asked for', async () => {
      const tooLong = await post(
        removebg,
        '198.51.100.4',
        form([
          ['size', 'preview'],
          ['image_file_b64', 'A'.repeat(48 * 1024 * 1024 + 1)],
        ]),
      );
      expect(errorOf(tooLong)).toMatchObject({
        code: 'ACTION_FAILED',
        details: { errorCode: 103, value: 33554432 },
        removeBg: { status: '400', code: 'file_too_large', title: 'File too large' },
      });
      calls.length = 0;
      const extra = await post(
        removebg,
        '198.51.100.4',
        form([
          ['size', 'preview'],
          ['attachment', Buffer.alloc(1024, 1)],
          ['image_file', png],
        ]),
      );
      expect(extra.statusCode, extra.body).toBe(200);
      expect(Buffer.from(calls[0]?.bytes ?? []).equals(png)).toBe(true);
    });
  });

  it('quotes the limit of the removal routes, not the app-wide one, for a body too large', async () => {
    const body = { image_file_b64: 'A'.repeat(50 * 1024 * 1024) };
    for (const url of [execute, removebg]) {
      const response = await post(
        url,
        '198.51.100.5',
        { payload: JSON.stringify(body) },
        {
          'content-type': 'application/json',
        },
      );
      expect(response.statusCode, url).toBe(tooLarge(url));
      expect(errorOf(response), url).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The request is too large: at most 48 MB is accepted.',
      });
    }
  });

  it("answers a mistyped path of the public API with remove.bg's not_found, and a wrong verb with method_not_allowed", async () => {
    for (const prefix of ['/api/v1', '/api/v1.0', '/v1.0']) {
      for (const [method, url] of [
        ['GET', `${prefix}/accounts`],
        ['POST', `${prefix}/remove-bg`],
      ] as const) {
        const missing = await t.app.inject({
          method,
          url,
          remoteAddress: '198.51.100.30',
          headers: { origin: 'https://developer.example', 'accept-language': 'ru' },
        });
        expect(missing.statusCode, url).toBe(404);
        expect(missing.headers['access-control-allow-origin']).toBe('*');
        expect(missing.json().errors[0]).toMatchObject({ status: '404', code: 'not_found' });
      }
      const verb = await t.app.inject({
        method: 'GET',
        url: `${prefix}/removebg`,
        remoteAddress: '198.51.100.30',
        headers: { origin: 'https://developer.example' },
      });
      expect(verb.statusCode).toBe(405);
      expect(verb.headers.allow).toBe('POST');
      expect(verb.headers['access-control-allow-origin']).toBe('*');
      expect(verb.json().errors[0]).toMatchObject({
        code: 'method_not_allowed',
        detail: 'The method GET is not supported here.',
      });
    }
    // The store API keeps its own shape: an unknown path is a JSON 404 there too, not a 405.
    const store = await t.app.inject({
      method: 'POST',
      url: '/api/stores/no-such-call',
      remoteAddress: '198.51.100.30',
    });
    expect(store.statusCode).toBe(404);
  });

  describe('sizes without a key on the public API', () => {
    it('names a wrong size (104) before asking for a key', async () => {
      const response = await post(
        removebg,
        '198.51.100.6',
        form([
          ['size', 'bogus'],
          ['image_file', png],
        ]),
      );
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details).toEqual({ errorCode: 104, value: 'bogus' });
    });

    it('echoes an object sent as a JSON option as JSON, not "[object Object]"', async () => {
      const response = await post(
        removebg,
        '198.51.100.6',
        { payload: JSON.stringify({ size: { name: 'full' }, image_file_b64: png.toString('base64') }) },
        { 'content-type': 'application/json' },
      );
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).details).toEqual({ errorCode: 104, value: '{"name":"full"}' });
      expect(response.body).not.toContain('[object Object]');
    });

    it('takes a preview size in any letter case', async () => {
      for (const size of ['Preview', 'SMALL', 'Regular']) {
        const response = await post(
          removebg,
          '198.51.100.6',
          form([
            ['size', size],
            ['image_file', png],
          ]),
        );
        expect(response.statusCode, `${size}: ${response.body}`).toBe(200);
        expect(response.headers['x-credits-charged']).toBe('0');
      }
      const full = await post(
        removebg,
        '198.51.100.6',
        form([
          ['size', 'Full'],
          ['image_file', png],
        ]),
      );
      expect([full.statusCode, errorOf(full).details]).toEqual([403, { errorCode: 101 }]);
      expect(errorOf(full).removeBg).toEqual({
        status: '403',
        code: 'auth_failed',
        title: 'Missing API Key',
      });
    });
  });

  describe('rate limits', () => {
    it('locks an address out after 10 wrong API keys in 10 minutes, even for a right key', async () => {
      const token = await registerUser(t, 'keys-owner@example.com');
      const issued = await t.app.inject({
        method: 'POST',
        url: '/api/stores/actions/remove-background/issueToken',
        payload: { label: 'right' },
        headers: { authorization: token },
      });
      const rightKey = issued.json().value as string;
      const account = (from: string, key: string) =>
        t.app.inject({
          method: 'GET',
          url: '/api/v1/account',
          remoteAddress: from,
          headers: { 'x-access-token': key },
        });

      for (let i = 0; i < 10; i += 1) {
        const wrong = await account('198.51.100.7', `ck_wrong_${i}`);
        expect(wrong.statusCode).toBe(403);
        expect(errorOf(wrong)).toMatchObject({
          details: { errorCode: 100 },
          removeBg: { code: 'auth_failed', title: 'Invalid API Key' },
        });
      }
      for (const key of ['ck_wrong_again', rightKey]) {
        const locked = await account('198.51.100.7', key);
        expect(locked.statusCode).toBe(429);
        expect(errorOf(locked)).toMatchObject({
          code: 'RATE_LIMITED',
          removeBg: { title: 'Rate limit exceeded' },
        });
        expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
        // The lock's own numbers: 10 wrong keys a window, none left, and when it ends.
        expect(locked.headers['x-ratelimit-limit']).toBe('10');
        expect(locked.headers['x-ratelimit-remaining']).toBe('0');
        const reset = Number(locked.headers['x-ratelimit-reset']);
        expect(reset).toBeGreaterThan(Date.now() / 1000 + 60);
        expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 600);
      }
      expect((await account('198.51.100.8', rightKey)).statusCode).toBe(200);
      // A client's many right keys at once are no guesses: none is refused by the lock.
      const batch = await Promise.all(Array.from({ length: 15 }, () => account('198.51.100.9', rightKey)));
      expect(batch.map((answer) => answer.statusCode)).toEqual(Array(15).fill(200));
    });

    it('allows a visitor 30 previews a minute per address, then 429 with Retry-After', async () => {
      const preview = (from: string, headers: Record<string, string> = {}) =>
        post(
          execute,
          from,
          form([
            ['size', 'preview'],
            ['image_file', png],
          ]),
          headers,
        );
      for (let i = 0; i < 30; i += 1) expect((await preview('198.51.100.9')).statusCode).toBe(200);
      const refused = await preview('198.51.100.9');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address, and a signed-in user at the same one, are not held back by it.
      expect((await preview('198.51.100.10')).statusCode).toBe(200);
      const token = await registerUser(t, 'previews@example.com');
      expect((await preview('198.51.100.9', { authorization: token })).statusCode).toBe(200);
    });
  });

  it('keeps cached masks apart by requester: the user, or a visitor address', async () => {
    calls.length = 0;
    await post(
      execute,
      '198.51.100.11',
      form([
        ['size', 'preview'],
        ['image_file', png],
      ]),
    );
    const token = await registerUser(t, 'scope@example.com');
    await post(
      execute,
      '198.51.100.11',
      form([
        ['size', 'preview'],
        ['image_file', png],
      ]),
      {
        authorization: token,
      },
    );
    const [visitor, user] = calls.map((entry) => entry.call?.cacheScope);
    expect(visitor).toBe('client:198.51.100.11');
    expect(user).toMatch(/^user:\S+$/);
  });
});

describe('a refused download', () => {
  it('tells the caller a fixed cause, and logs the real one', async () => {
    const logged: object[] = [];
    const removal = createRemovalService({
      engine: async () => standIn,
      removeBackground: {} as RemoveBackgroundWorkflow,
      repo: {} as RemovalRepo,
      now: () => new Date(),
      fetchOptions: { maxBytes: 1024, timeoutMs: 2000, maxRedirects: 1 },
      litreCostFull: 1,
      litresOf: async () => 0,
    });
    const refusal = await removal
      .execute({
        user: null,
        apiKeyId: null,
        credential: 'session',
        client: '198.51.100.12',
        log: { info: (details) => logged.push(details) },
        image: { url: 'http://no-such-host.invalid/inside.jpg' },
        background: {},
        options: { size: 'preview' },
      })
      .catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      code: 'ACTION_FAILED',
      options: { details: { errorCode: 107, value: 'the address is not reachable' } },
    });
    expect(logged).toEqual([
      { errorCode: 107, cause: expect.stringMatching(/^no-such-host\.invalid not resolved/) },
    ]);
  });
});
