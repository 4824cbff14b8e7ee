import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

describe('the one error model', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { BODY_LIMIT_BYTES: '1024' });
  });
  afterAll(() => t.close());

  it('answers 405 with Allow for a known path and another verb', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/stores/fetchStoreInfo' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.json()).toMatchObject({
      code: 'METHOD_NOT_ALLOWED',
      message: 'The method DELETE is not supported here.',
    });
  });

  it('answers 405 on the health routes too', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/healthz' });
    expect(response.statusCode).toBe(405);
  });

  it('answers JSON 404 for an unknown route under /api, whatever the verb', async () => {
    for (const method of ['GET', 'POST', 'PUT'] as const) {
      const response = await t.app.inject({ method, url: '/api/stores/nothing-here?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Not found.' });
    }
  });

  it('answers 413 for a body over the limit, saying the limit', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stores/locales',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(4096) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request is too large: at most 1 KB is accepted.',
    });
  });

  it('answers 400 for malformed JSON, in Russian when asked', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stores/locales',
      headers: { 'content-type': 'application/json', 'x-locale-id': 'ru' },
      payload: '{"broken": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'MALFORMED_JSON',
      message: 'Тело запроса не является корректным JSON.',
    });
  });

  it('says what a schema refused in the request language, keyed by the check that failed', async () => {
    const refuse = (language: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/stores/forms/answer',
        headers: { 'x-locale-id': language },
        payload,
      });
    const russian = (await refuse('ru', { fieldItemList: 'x' })).json();
    expect(russian).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Некоторые поля заполнены неверно.',
      details: {
        issues: [{ path: 'fieldItemList', key: 'invalid_type', message: 'Неверный тип: ожидается массив' }],
      },
    });
    const tooLong = (await refuse('ru', { formId: 'x'.repeat(101) })).json();
    expect(tooLong.details.issues[0]).toMatchObject({ path: 'formId', key: 'too_big' });
    expect(tooLong.details.issues[0].message).toMatch(/^Слишком большое значение/);
    const english = (await refuse('en', { fieldItemList: 'x' })).json();
    expect(english.details.issues[0]).toMatchObject({
      key: 'invalid_type',
      message: 'Invalid input: expected array, received string',
    });
  });

  it('answers 415 for a content type it cannot read', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stores/locales',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'hello',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('carries a request id, taking the caller one when given', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/nowhere',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(response.headers['x-request-id']).toBe('abc-123');
    expect(response.json().requestId).toBe('abc-123');
  });

  it('never answers 500 for a hostile path or header', async () => {
    const cases = [
      { url: '/api/stores/fetchStoreInfo', headers: { 'x-store-id': "'; drop table stores; --" } },
      { url: '/api/stores/fetchStoreInfo', headers: { 'x-locale-id': '../../etc', 'x-currency-id': '%00' } },
      { url: '/api/%E0%A4%A', headers: {} },
      { url: '/%2e%2e/%2e%2e/etc/passwd', headers: {} },
    ];
    for (const { url, headers } of cases) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });
});
