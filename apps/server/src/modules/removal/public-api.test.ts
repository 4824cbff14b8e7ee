import type { LitreSource } from '@cutout/contracts';
import { type Engine, parseRemovalOptions } from '@cutout/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { multipartBody } from '../../test/multipart.ts';
import { standInResult } from '../../test/stand-in-result.ts';
import { accountCredits } from './removal.routes.ts';

/**
 * The public API's dialect: remove.bg's API v1.0 as its clients call it — multipart forms in their
 * field order, JSON bodies with booleans as text and absent values as "", Accept headers, remove.bg's
 * error body and statuses. The engine is a stand-in that notes the options it was asked for (the real
 * engine's answers are in removal.test.ts): what is tested is the server in front of it.
 */
const asked: Array<Record<string, unknown>> = [];
const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const answer = standInResult(png);
/** A picture the stand-in finds no subject in: a transparent result with an all-zero box, as the engine's. */
const blank = Buffer.from('a picture with nothing in it');
const standIn = {
  remove: async (bytes: Uint8Array, options: Record<string, unknown>) => {
    asked.push(options);
    if (Buffer.from(bytes).equals(blank))
      return { ...answer, foreground: { x: 0, y: 0, width: 0, height: 0 } };
    return answer;
  },
} as unknown as Engine;

/** A multipart body as remove.bg's clients send it: the fields in the order given, files with a name. */
const multipart = (parts: Array<[string, string | Buffer]>) =>
  multipartBody(parts, { boundary: '--------------------------removebgclient', filename: 'photo.png' });

describe('the public API speaks remove.bg v1.0', () => {
  let t: TestApp;
  let key: string;
  let spentKey: string;

  const issueKey = async (token: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/stores/actions/remove-background/issueToken',
        payload: { label: 'remove.bg client' },
        headers: { authorization: token },
      })
    ).json().value as string;

  const removebg = (
    body: { payload: Buffer | object | string; headers?: Record<string, string> },
    headers: Record<string, string> = {},
    url = '/v1.0/removebg',
  ) => t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...headers } });

  beforeAll(async () => {
    t = await createTestApp('pglite', { API_REQUESTS_PER_MINUTE: '1000' }, { engine: async () => standIn });
    key = await issueKey(await registerUser(t, 'removebg-client@example.com'));
    spentKey = await issueKey(await registerUser(t, 'spent@example.com'));
    for (let i = 0; i < 5; i += 1) {
      const full = await removebg(
        multipart([
          ['image_file', png],
          ['size', 'full'],
        ]),
        { 'x-api-key': spentKey },
      );
      expect(full.statusCode, full.body).toBe(200);
    }
  });
  afterAll(() => t.close());

  it('takes every documented parameter from a multipart form, a JSON body and a URL-encoded form, booleans as text', async () => {
    const parameters: Array<[string, string]> = [
      ['size', 'preview'],
      ['type', 'product'],
      ['type_level', '2'],
      ['format', 'png'],
      ['roi', '0% 0% 100% 100%'],
      ['crop', 'true'],
      ['crop_margin', '10px'],
      ['scale', '80%'],
      ['position', 'center'],
      ['channels', 'rgba'],
      ['add_shadow', 'true'],
      ['semitransparency', 'false'],
      ['bg_color', '81d4fa'],
    ];
    asked.length = 0;
    const form = await removebg(multipart([['image_file', png], ...parameters]), { 'x-api-key': key });
    expect(form.statusCode, form.body).toBe(200);
    const json = await removebg(
      { payload: { image_file_b64: png.toString('base64'), ...Object.fromEntries(parameters) } },
      { 'x-api-key': key },
    );
    expect(json.statusCode, json.body).toBe(200);
    // A URL-encoded form, as curl --data sends it.
    const encoded = await removebg(
      {
        payload: new URLSearchParams([['image_file_b64', png.toString('base64')], ...parameters]).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      { 'x-api-key': key },
    );
    expect(encoded.statusCode, encoded.body).toBe(200);
    // A JSON body may give the switches as booleans, as the OpenAPI document declares them there.
    const switches = { crop: true, add_shadow: true, semitransparency: false };
    const typed = await removebg(
      { payload: { image_file_b64: png.toString('base64'), ...Object.fromEntries(parameters), ...switches } },
      { 'x-api-key': key },
    );
    expect(typed.statusCode, typed.body).toBe(200);
    // The engine gets what its own parser makes of the fields, from any body.
    const parsed = { ...parseRemovalOptions(Object.fromEntries(parameters)), bg_image: null };
    expect(asked).toEqual([parsed, parsed, parsed, parsed]);
  });

  it('treats parameters sent as empty strings as absent', async () => {
    asked.length = 0;
    const response = await removebg({
      payload: {
        image_url: '',
        image_file_b64: png.toString('base64'),
        size: 'preview',
        bg_color: '',
        bg_image_url: '',
        crop_margin: '',
        scale: '',
        roi: '',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(asked[0]).toEqual({ ...parseRemovalOptions({ size: 'preview', format: 'auto' }), bg_image: null });
  });

  it("gives a free preview in the format that suits it when none is named, as remove.bg's defaults", async () => {
    asked.length = 0;
    const response = await removebg(multipart([['image_file', png]]));
    expect([response.statusCode, response.headers['x-credits-charged']]).toEqual([200, '0']);
    expect(asked[0]?.size).toBe('preview');
    // auto: png with transparency, jpg when a bg_color makes it opaque; a named format is kept.
    expect(asked[0]?.format).toBe('auto');
    await removebg(
      multipart([
        ['image_file', png],
        ['format', 'png'],
      ]),
    );
    expect(asked[1]?.format).toBe('png');
  });

  it('answers JSON for Accept: application/json, an image for image/* and for no preference', async () => {
    const accept = async (value: string | undefined) => {
      asked.length = 0;
      await removebg(
        multipart([
          ['image_file', png],
          ['size', 'preview'],
        ]),
        value ? { accept: value } : {},
      );
      return asked[0]?.output_format;
    };
    expect(await accept('application/json')).toBe('json');
    expect(await accept('application/json, text/plain, */*')).toBe('json');
    expect(await accept('image/*')).toBe('image');
    expect(await accept('image/png, application/json')).toBe('image');
    expect(await accept('*/*')).toBe('image');
    expect(await accept(undefined)).toBe('image');
    expect(await accept('text/html;q=0.9, application/json;q=0.1')).toBe('image');
  });

  it('says the foreground type the caller named in X-Type, unless type_level is none', async () => {
    const typed = await removebg(
      multipart([
        ['image_file', png],
        ['size', 'preview'],
        ['type', 'car'],
      ]),
    );
    expect(typed.headers['x-type']).toBe('car');
    const none = await removebg(
      multipart([
        ['image_file', png],
        ['size', 'preview'],
        ['type', 'car'],
        ['type_level', 'none'],
      ]),
    );
    expect(none.headers['x-type']).toBeUndefined();
    const auto = await removebg(
      multipart([
        ['image_file', png],
        ['size', 'preview'],
      ]),
    );
    expect(auto.headers['x-type']).toBeUndefined();
  });

  it('makes size=auto a full size when the key owner has a litre, a free preview otherwise', async () => {
    const auto = (headers: Record<string, string>) =>
      removebg(
        multipart([
          ['image_file', png],
          ['size', 'auto'],
        ]),
        headers,
      );
    asked.length = 0;
    const paid = await auto({ 'x-api-key': key });
    expect(paid.headers['x-credits-charged']).toBe('1');
    const spent = await auto({ 'x-api-key': spentKey });
    expect([spent.statusCode, spent.headers['x-credits-charged']]).toEqual([200, '0']);
    const visitor = await auto({});
    expect([visitor.statusCode, visitor.headers['x-credits-charged']]).toEqual([200, '0']);
    expect(asked.map((options) => options.size)).toEqual(['full', 'preview', 'preview']);
  });

  it("refuses a picture with no subject as remove.bg's unknown_foreground, and charges nothing for it", async () => {
    const owner = await issueKey(await registerUser(t, 'blank-picture@example.com'));
    const attempts: Array<[string, Record<string, string>]> = [
      ['full', {}],
      ['full', { 'idempotency-key': 'blank-1' }],
      ['preview', {}],
    ];
    for (const [size, headers] of attempts) {
      const response = await removebg(
        multipart([
          ['image_file', blank],
          ['size', size],
        ]),
        { 'x-api-key': owner, 'accept-language': 'ru', ...headers },
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors[0]).toEqual({
        status: '400',
        code: 'unknown_foreground',
        title: 'Could not identify foreground in image',
        detail: 'На изображении не найден объект: вырезать нечего. Ничего не списано.',
        meta: { code: 'ACTION_FAILED', errorCode: 124 },
      });
    }
    const account = await t.app.inject({
      method: 'GET',
      url: '/v1.0/account',
      headers: { 'x-api-key': owner },
    });
    expect(account.json().data.attributes.credits.total).toBe(5);
    // The key of the refused request is free again: a retry with a photo is charged once.
    const photo = await removebg(
      multipart([
        ['image_file', png],
        ['size', 'full'],
      ]),
      { 'x-api-key': owner, 'idempotency-key': 'blank-1' },
    );
    expect([photo.statusCode, photo.headers['x-credits-charged']]).toEqual([200, '1']);
  });

  it('refuses two images (or two backgrounds) in one request, naming them, rather than picking one', async () => {
    const base64 = png.toString('base64');
    const requests: Array<[Parameters<typeof removebg>[0], string]> = [
      [
        multipart([
          ['image_file', png],
          ['image_url', 'https://example.com/photo.jpg'],
        ]),
        'image_file, image_url',
      ],
      [
        multipart([
          ['image_file', png],
          ['image_file', png],
        ]),
        'image_file, image_file',
      ],
      [
        { payload: { image_file_b64: base64, image_file_url: 'https://example.com/photo.jpg' } },
        'image_file_b64, image_file_url',
      ],
      [
        {
          payload: {
            image_file_b64: base64,
            bg_image_file_b64: base64,
            bg_image_url: 'https://example.com/bg.jpg',
          },
        },
        'bg_image_file_b64, bg_image_url',
      ],
      [
        {
          payload: 'image_url=https%3A%2F%2Fexample.com%2Fa.jpg&image_url=https%3A%2F%2Fexample.com%2Fb.jpg',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        'image_url',
      ],
    ];
    for (const [body, value] of requests) {
      const response = await removebg(body);
      expect(response.statusCode, value).toBe(400);
      expect(response.json().errors[0], value).toMatchObject({
        code: 'multiple_sources',
        meta: { errorCode: 125, value },
      });
    }
  });

  it('takes a picture format in output_format, as SPEC §5 names the format; a different format beside it is refused', async () => {
    asked.length = 0;
    const named = await removebg(
      multipart([
        ['image_file', png],
        ['output_format', 'webp'],
      ]),
    );
    expect(named.statusCode, named.body).toBe(200);
    expect(asked[0]).toMatchObject({ format: 'webp', output_format: 'image' });
    const clash = await removebg(
      multipart([
        ['image_file', png],
        ['format', 'png'],
        ['output_format', 'jpg'],
      ]),
    );
    expect(clash.json().errors[0]).toMatchObject({ code: 'invalid_format', meta: { errorCode: 112 } });
  });

  it('refuses a body that is neither a form nor JSON, whatever its type', async () => {
    for (const type of ['text/plain', 'image/jpeg']) {
      const response = await removebg({ payload: 'hello', headers: { 'content-type': type } });
      expect(response.statusCode, type).toBe(400);
      expect(response.json().errors[0].meta.code, type).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('answers errors in remove.bg shape with its statuses, keeping the SPEC code and our message', async () => {
    const missing = await removebg(multipart([['size', 'preview']]), { 'accept-language': 'ru' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      errors: [
        {
          status: '400',
          code: 'missing_source',
          title: 'No image given',
          detail: 'Нет изображения: передайте файл, base64 или URL.',
          meta: { code: 'ACTION_FAILED', errorCode: 108 },
        },
      ],
      requestId: expect.any(String),
    });
    // The header's weights count: Russian preferred over English, or the only language of ours.
    for (const accept of ['en;q=0.1, ru;q=0.9', 'de-DE,ru;q=0.5']) {
      const weighed = await removebg(multipart([['size', 'preview']]), { 'accept-language': accept });
      expect(weighed.json().errors[0].detail, accept).toBe(
        'Нет изображения: передайте файл, base64 или URL.',
      );
    }

    const credits = await removebg(
      multipart([
        ['image_file', png],
        ['size', 'full'],
      ]),
      {
        'x-api-key': spentKey,
      },
    );
    expect(credits.statusCode).toBe(402);
    expect(credits.json().errors[0]).toMatchObject({
      status: '402',
      code: 'insufficient_credits',
      title: 'Insufficient credits',
      meta: { code: 'INSUFFICIENT_BALANCE' },
    });

    const badKey = await t.app.inject({
      method: 'GET',
      url: '/v1.0/account',
      headers: { 'x-api-key': 'nope' },
    });
    expect(badKey.statusCode).toBe(403);
    expect(badKey.json().errors[0]).toMatchObject({ code: 'auth_failed', title: 'Invalid API Key' });
    // A wrong key tells how many more this address may try, as every answer tells its limit.
    expect(badKey.headers['x-ratelimit-limit']).toBe('10');
    expect(Number(badKey.headers['x-ratelimit-remaining'])).toBeLessThan(10);
    const noKey = await t.app.inject({ method: 'GET', url: '/api/v1/account' });
    expect(noKey.statusCode).toBe(403);
    expect(noKey.json().errors[0]).toMatchObject({ title: 'Missing API Key', meta: { errorCode: 101 } });

    const cases: Array<[Array<[string, string]>, string, number]> = [
      [[['size', 'huge']], 'invalid_size', 104],
      [[['channels', 'cmyk']], 'invalid_channels', 110],
      [[['bg_color', 'nope']], 'invalid_bg_color', 111],
      [[['format', 'gif']], 'invalid_format', 112],
      [[['crop', 'maybe']], 'invalid_crop', 115],
      [
        [
          ['crop', 'true'],
          ['crop_margin', '1 2 3'],
        ],
        'invalid_crop_margin',
        116,
      ],
    ];
    for (const [fields, code, errorCode] of cases) {
      const response = await removebg(multipart([['image_file', png], ['size', 'preview'], ...fields]));
      expect(response.statusCode, code).toBe(400);
      expect(response.json().errors[0], code).toMatchObject({ status: '400', code, meta: { errorCode } });
    }
  });
});

describe('GET /account credits', () => {
  it('counts every litre in total, and every litre in one part: the free ones in payg and free_calls', () => {
    const lot = (source: LitreSource, quantity: number) => ({ source, quantity, expiresAt: null });
    const summary = {
      total: 5 + 40 + 10 + 20 + 3,
      lots: [lot('free', 5), lot('plan', 40), lot('bundle', 10), lot('code', 20), lot('other', 3)],
    };
    const credits = accountCredits(summary);
    expect(credits).toEqual({ total: 78, subscription: 40, payg: 38, enterprise: 0 });
    expect(credits.subscription + credits.payg + credits.enterprise).toBe(credits.total);
  });
});
