import { type Engine, parseRemovalOptions } from '@cutout/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CutoutClient as Client, CutoutApiError, CutoutClient } from './index.ts';
import { subjectPng } from './testing/images.ts';
import { recordingEngine, startServerApp } from './testing/server-app.ts';
import { startStubServer } from './testing/stub-server.ts';

/**
 * The SDK against the real server over HTTP, with an engine stand-in that keeps what it was asked:
 * what reaches the server, and how each error of the dialect comes back.
 */
type ServerApp = Awaited<ReturnType<typeof startServerApp>>;

/** A fetch that counts the requests it sends. */
function countingFetch() {
  const sent: string[] = [];
  const counted: typeof fetch = (input, init) => {
    sent.push(`${init?.method ?? 'GET'} ${String(input)}`);
    return fetch(input, init);
  };
  return { fetch: counted, sent };
}

/** What an SDK call threw. */
async function failure(call: Promise<unknown>): Promise<CutoutApiError> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(CutoutApiError);
  return error as CutoutApiError;
}

describe('the SDK against the server (engine stand-in)', () => {
  const recorder = recordingEngine();
  let server: ServerApp;
  let apiKey: string;
  let png: Buffer;
  let client: Client;
  beforeAll(async () => {
    server = await startServerApp({ engine: recorder.engine });
    apiKey = await server.newApiKey('options@example.com');
    png = await subjectPng();
    client = new CutoutClient({ baseUrl: server.baseUrl, apiKey, maxRetries: 0 });
  });
  afterAll(() => server.close());

  it('sends every option with remove.bg names, and the image and background bytes', async () => {
    const background = await subjectPng(40, 30);
    recorder.calls.length = 0;
    const result = await client.removeBackground(
      { file: png, filename: 'photo.png' },
      {
        size: 'hd',
        type: 'person',
        typeLevel: '2',
        format: 'webp',
        roi: '10% 10% 90% 90%',
        crop: true,
        cropMargin: '10px 5%',
        scale: '80%',
        position: '50% 20%',
        channels: 'rgba',
        addShadow: true,
        semitransparency: false,
        bgColor: 'teal',
        bgImage: background,
      },
    );
    expect(result.creditsCharged).toBe(1);
    const [asked] = recorder.calls;
    expect(Buffer.from(asked?.bytes ?? []).equals(png)).toBe(true);
    const expected = parseRemovalOptions({
      size: 'hd',
      type: 'person',
      type_level: '2',
      format: 'webp',
      roi: '10% 10% 90% 90%',
      crop: 'true',
      crop_margin: '10px 5%',
      scale: '80%',
      position: '50% 20%',
      channels: 'rgba',
      add_shadow: 'true',
      semitransparency: 'false',
      bg_color: 'teal',
    });
    const { bg_image: sentBackground, ...options } = asked?.options ?? {};
    const { bg_image: _none, ...expectedOptions } = expected;
    expect(options).toEqual(expectedOptions);
    expect(Buffer.from(sentBackground as Uint8Array).equals(background)).toBe(true);
  });

  it('sends base64 and URL images, and a background by URL', async () => {
    const images = await startStubServer(() => ({
      status: 200,
      headers: { 'content-type': 'image/png' },
      body: png,
    }));
    try {
      recorder.calls.length = 0;
      const base64 = await client.removeBackground(
        { base64: png.toString('base64') },
        { size: 'preview', bgImage: { url: `${images.baseUrl}/bg.png` } },
      );
      expect(base64.creditsCharged).toBe(0);
      await client.removeBackground({ url: `${images.baseUrl}/photo.png` }, { size: 'preview' });
      expect(recorder.calls.map((call) => Buffer.from(call.bytes).equals(png))).toEqual([true, true]);
      expect(Buffer.from(recorder.calls[0]?.options.bg_image as Uint8Array).equals(png)).toBe(true);
      expect(images.requests.map((request) => request.url)).toEqual(['/api/v1/bg.png', '/api/v1/photo.png']);
    } finally {
      await images.close();
    }
  });

  it('answers 400 missing_source (108) for a call without an image, and never retries it', async () => {
    const counter = countingFetch();
    const counted = new CutoutClient({ baseUrl: server.baseUrl, fetch: counter.fetch, maxRetries: 3 });
    const error = await failure(counted.removeBackground({ base64: '' }, { size: 'preview' }));
    expect(error).toMatchObject({
      status: 400,
      code: 'missing_source',
      errorCode: 108,
      specCode: 'ACTION_FAILED',
    });
    expect(error.title).toBe('No image given');
    expect(error.detail).not.toBe('');
    expect(error.requestId).toBeTruthy();
    expect(counter.sent).toHaveLength(1);
  });

  it('answers 400 invalid_size (104) with the value, in English or in Russian', async () => {
    const english = await failure(client.removeBackground(png, { size: 'bogus' as 'hd' }));
    expect(english).toMatchObject({ status: 400, code: 'invalid_size', errorCode: 104, value: 'bogus' });
    const russian = await failure(
      new CutoutClient({ baseUrl: server.baseUrl, language: 'ru' }).removeBackground(png, {
        size: 'bogus' as 'hd',
      }),
    );
    expect(russian).toMatchObject({ status: 400, code: 'invalid_size', title: english.title });
    expect(russian.detail).toMatch(/[а-яё]/i);
    expect(russian.detail).not.toBe(english.detail);
  });

  it('answers 403 auth_failed: 100 for a wrong key, 101 for a full size without one', async () => {
    const wrong = new CutoutClient({ baseUrl: server.baseUrl, apiKey: 'ck_wrong_key' });
    expect(await failure(wrong.removeBackground(png, { size: 'preview' }))).toMatchObject({
      status: 403,
      code: 'auth_failed',
      title: 'Invalid API Key',
      errorCode: 100,
    });
    expect(await failure(wrong.account())).toMatchObject({
      status: 403,
      code: 'auth_failed',
      errorCode: 100,
    });
    const keyless = new CutoutClient({ baseUrl: server.baseUrl });
    expect(await failure(keyless.removeBackground(png, { size: 'full' }))).toMatchObject({
      status: 403,
      code: 'auth_failed',
      title: 'Missing API Key',
      errorCode: 101,
    });
    expect(await failure(keyless.account())).toMatchObject({ status: 403, code: 'auth_failed' });
  });

  it('answers 402 insufficient_credits once the free litres are spent', async () => {
    const spender = new CutoutClient({
      baseUrl: server.baseUrl,
      apiKey: await server.newApiKey('spend@example.com'),
    });
    const start = await spender.account();
    expect(start.litres).toEqual({ total: 5, free: 5, paid: 0 });
    for (let i = 0; i < 5; i += 1)
      expect((await spender.removeBackground(png, { size: 'full' })).creditsCharged).toBe(1);
    expect((await spender.account()).litres.total).toBe(0);
    const error = await failure(spender.removeBackground(png, { size: 'full' }));
    expect(error).toMatchObject({
      status: 402,
      code: 'insufficient_credits',
      title: 'Insufficient credits',
      specCode: 'INSUFFICIENT_BALANCE',
    });
    // A preview is still free.
    expect((await spender.removeBackground(png, { size: 'preview' })).creditsCharged).toBe(0);
  });
});

describe('the SDK against a rate-limited server', () => {
  const recorder = recordingEngine();
  let server: ServerApp;
  beforeAll(async () => {
    server = await startServerApp({ engine: recorder.engine, env: { API_REQUESTS_PER_MINUTE: '2' } });
  });
  afterAll(() => server.close());

  it('retries a 429 after Retry-After (capped), then gives up with retryAfterSeconds', async () => {
    const png = await subjectPng(16, 12);
    const counter = countingFetch();
    const client = new CutoutClient({
      baseUrl: server.baseUrl,
      fetch: counter.fetch,
      maxRetries: 2,
      maxRetryDelayMs: 20,
    });
    const first = await client.removeBackground(png, { size: 'preview' });
    expect(first.rateLimit).toMatchObject({ limit: 2, remaining: 1 });
    await client.removeBackground(png, { size: 'preview' });
    const error = await failure(client.removeBackground(png, { size: 'preview' }));
    expect(error).toMatchObject({ status: 429, code: 'rate_limit_exceeded' });
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    // Two that passed, then the refused one and its two retries.
    expect(counter.sent).toHaveLength(5);
  });
});

describe('the SDK against a server slower than its timeout', () => {
  it('charges a full size once when its first answer never came: the retry gets the same result', async () => {
    const recorder = recordingEngine();
    let first = true;
    const slowFirst = {
      remove: async (...args: Parameters<Engine['remove']>) => {
        // Only the first removal outlasts the client's timeout: the answer to its try is lost.
        if (first) {
          first = false;
          await new Promise((resolve) => setTimeout(resolve, 1500));
        }
        return recorder.engine.remove(...args);
      },
    } as unknown as Engine;
    const server = await startServerApp({ engine: slowFirst });
    try {
      const apiKey = await server.newApiKey('lost-answer@example.com');
      const client = new CutoutClient({
        baseUrl: server.baseUrl,
        apiKey,
        timeoutMs: 500,
        retryBaseDelayMs: 1,
        maxRetries: 20,
      });
      const result = await client.removeBackground(await subjectPng(), { size: 'full' });
      expect(result.replayed).toBe(true);
      expect(result.creditsCharged).toBe(1);
      expect((await client.account()).litres.total).toBe(4);
    } finally {
      await server.close();
    }
  });
});
