import { createEngine, type Engine } from '@cutout/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../../test/api-errors.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';

/**
 * Every POST route of the app, fed what a careless or hostile client sends: malformed JSON, wrong
 * types, NUL and control characters, huge strings, arrays for objects, broken multipart. None may
 * answer 5xx: bad input gets a clear 4xx. The route list is read from the app itself, so a new route
 * is fuzzed without touching this file.
 */

/** Field names the API knows, so that values reach the handlers' own checks and not only the schema's. */
const fieldNames = [
  'email',
  'phoneNumber',
  'password',
  'newPassword',
  'fullName',
  'label',
  'id',
  'token',
  'purpose',
  'permissionItemList',
  'localeId',
  'currencyId',
  'callbackUrl',
  'anonymous',
  'autoLogin',
  'redirectUrl',
  'route',
  'status',
  'code',
  'requestId',
  'size',
  'channels',
  'format',
  'bg_color',
  'crop',
  'crop_margin',
  'image_url',
  'image_file_b64',
  'image_file_url',
  'bg_image_url',
];

const nul = 'a\u0000b';
const hostileValues: Record<string, unknown> = {
  nul,
  controls: '\u0001\u0007\u001b[31m\u007f\t\r\n',
  huge: 'x'.repeat(200_000),
  number: 1e21,
  negative: -1,
  float: 0.5,
  boolean: true,
  null: null,
  array: ['a', 'b'],
  nested: { a: { b: { c: [nul] } } },
  arrayOfNul: [{ id: nul, otp: nul }],
  emptyObject: {},
  unicode: '😀\u202e\ud800',
};

const rawBodies: Array<{ name: string; contentType: string; payload: string }> = [
  { name: 'malformed JSON', contentType: 'application/json', payload: '{"email":' },
  { name: 'a JSON array', contentType: 'application/json', payload: '[1,2,3]' },
  { name: 'a JSON string', contentType: 'application/json', payload: '"text"' },
  { name: 'JSON null', contentType: 'application/json', payload: 'null' },
  { name: 'a NUL key', contentType: 'application/json', payload: '{"a\\u0000":1}' },
  {
    name: 'deep nesting',
    contentType: 'application/json',
    payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
  },
  { name: 'plain text', contentType: 'text/plain', payload: 'hello' },
  { name: 'multipart without a boundary', contentType: 'multipart/form-data', payload: 'x' },
  {
    name: 'broken multipart',
    contentType: 'multipart/form-data; boundary=zz',
    payload: '--zz\r\nContent-Disposition: form-data; name="size"\r\n\r\nfull',
  },
  {
    name: 'multipart with NUL field',
    contentType: 'multipart/form-data; boundary=zz',
    payload: `--zz\r\nContent-Disposition: form-data; name="size"\r\n\r\n${nul}\r\n--zz--\r\n`,
  },
];

/** The POST routes the app serves, with their parameters filled in. */
function postRoutes(t: TestApp): string[] {
  return t.app
    .printRoutes({ commonPrefix: false })
    .split('\n')
    .flatMap((line) => {
      const match = line.match(/── (\S+) \(([^)]*)\)/);
      return match?.[1] && match[2]?.split(', ').includes('POST') ? [`/${match[1]}`] : [];
    })
    .map((path) => path.replace(':actionId', 'remove-background').replace(':slug', 'local'));
}

describe('fuzzing every POST route', () => {
  let t: TestApp;
  let engine: Engine;
  let token: string;
  let routes: string[];
  beforeAll(async () => {
    engine = await createEngine({ workers: 1, warmup: false });
    t = await createTestApp('pglite', { API_REQUESTS_PER_MINUTE: '100000' }, { engine: async () => engine });
    token = await registerUser(t, 'fuzz@example.com');
    routes = postRoutes(t);
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
  });

  it('finds the routes', () => {
    expect(routes).toContain('/api/stores/users/register');
    expect(routes).toContain('/api/stores/actions/remove-background/execute');
    expect(routes).toContain('/api/v1/removebg');
    expect(routes.length).toBeGreaterThan(15);
  });

  it('answers no 5xx to hostile JSON fields, signed in or not', async () => {
    const failures: string[] = [];
    let client = 0;
    for (const route of routes) {
      for (const [kind, value] of Object.entries(hostileValues)) {
        for (const headers of [{}, { authorization: token }]) {
          const payload = Object.fromEntries(fieldNames.map((name) => [name, value]));
          const url = `${route}?typeId=${kind === 'nul' ? '%00' : 'email'}`;
          // Each request from its own address: the rate limits are tested elsewhere.
          client += 1;
          const response = await t.app.inject({
            method: 'POST',
            url,
            payload,
            headers,
            remoteAddress: `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
          });
          if (response.statusCode >= 500) {
            failures.push(`${route} ${kind}: ${response.statusCode} ${response.body}`);
          } else if (response.statusCode >= 400 && !route.startsWith('/demo-acquirer/')) {
            // A refusal is the one error shape, with a code and a message (the public API speaks
            // remove.bg's, read by errorOf; the demo acquirer plays an outside payment page: it
            // answers its errors as pages, checked in its own tests).
            expect(errorOf(response), `${route} ${kind}`).toMatchObject({
              code: expect.any(String),
              message: expect.any(String),
            });
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers no 5xx to malformed bodies', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const body of rawBodies) {
        const response = await t.app.inject({
          method: 'POST',
          url: route,
          payload: body.payload,
          headers: { 'content-type': body.contentType, authorization: token },
        });
        if (response.statusCode >= 500)
          failures.push(`${route} ${body.name}: ${response.statusCode} ${response.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('names the field that holds a NUL, in the caller language', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stores/users/updateProfile',
      payload: { fullName: nul },
      headers: { authorization: token, 'x-locale-id': 'ru' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Уберите из текста управляющие символы.',
      details: { issues: [{ path: 'fullName', key: 'error_invalid_characters' }] },
    });
  });

  it('keeps a registration code usable when the rest of the registration was refused', async () => {
    const email = 'nul-name@example.com';
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/stores/users/permissions/request?typeId=email',
      payload: { purpose: 'user_verify', email },
    });
    const [item] = request.json().permissionItemList;
    const { latestOutboxMessage } = await import('../../test/harness.ts');
    const code = (await latestOutboxMessage(t, email))?.text.match(/(\d{6})/)?.[1];
    await t.app.inject({
      method: 'POST',
      url: '/api/stores/users/permissions/approve?typeId=email',
      payload: { purpose: 'user_verify', permissionItemList: [{ id: item.id, otp: code }] },
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/stores/users/register',
      payload: { email, password: 'secret-12', fullName: nul, permissionItemList: [{ id: item.id }] },
    });
    expect(refused.statusCode).toBe(400);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/stores/users/register',
      payload: { email, password: 'secret-12', fullName: 'Nul', permissionItemList: [{ id: item.id }] },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
