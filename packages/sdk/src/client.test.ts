import { describe, expect, it } from 'vitest';
import { CutoutApiError, CutoutClient } from './index.ts';
import {
  errorBody,
  formOf,
  samplePng as png,
  pngAnswer,
  rejectionOf,
  type StubRequest,
  stubServers,
} from './testing/stub-server.ts';

/** The client against a stub HTTP server: the request it sends, and how it reads answers and errors. */
const serve = stubServers();

describe('the request', () => {
  it('sends the form with remove.bg names, booleans as text, and the headers', async () => {
    const server = await serve(() => pngAnswer);
    const client = new CutoutClient({
      baseUrl: `${server.baseUrl}/`,
      apiKey: 'ck_test',
      language: 'ru',
      userAgent: 'sdk-test/1',
    });
    await client.removeBackground(
      { file: new Blob([png]), filename: 'cat.png' },
      {
        size: 'full',
        type: 'animal',
        typeLevel: 'latest',
        format: 'zip',
        roi: '0 0 10 10',
        crop: false,
        cropMargin: '1px',
        scale: 'original',
        position: 'center',
        channels: 'alpha',
        addShadow: false,
        semitransparency: true,
        bgColor: '#ff000080',
        bgImage: { base64: 'AAAA' },
      },
    );
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/api/v1/removebg' });
    expect(request?.headers).toMatchObject({
      'x-api-key': 'ck_test',
      'accept-language': 'ru',
      'user-agent': 'sdk-test/1',
      accept: expect.stringContaining('image/*'),
    });
    const form = await formOf(request as StubRequest);
    const text = Object.fromEntries([...form].filter(([, value]) => typeof value === 'string'));
    expect(text).toEqual({
      size: 'full',
      type: 'animal',
      type_level: 'latest',
      format: 'zip',
      roi: '0 0 10 10',
      crop: 'false',
      crop_margin: '1px',
      scale: 'original',
      position: 'center',
      channels: 'alpha',
      add_shadow: 'false',
      semitransparency: 'true',
      bg_color: '#ff000080',
      bg_image_file_b64: 'AAAA',
    });
    const file = form.get('image_file') as File;
    expect(file.name).toBe('cat.png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(png);
  });

  it('sends nothing for options not given, and a URL as image_url', async () => {
    const server = await serve(() => pngAnswer);
    await new CutoutClient({ baseUrl: server.baseUrl }).removeBackground({
      url: 'https://example.com/a.jpg',
    });
    const form = await formOf(server.requests[0] as StubRequest);
    expect([...form]).toEqual([['image_url', 'https://example.com/a.jpg']]);
    expect(server.requests[0]?.headers['x-api-key']).toBeUndefined();
  });

  it('sends only the bytes of a view, such as a pooled Buffer, and an ArrayBuffer whole', async () => {
    const server = await serve(() => pngAnswer);
    const client = new CutoutClient({ baseUrl: server.baseUrl });
    const pooled = Buffer.from([7, 8, 9]);
    expect(pooled.byteOffset + pooled.byteLength).toBeLessThan(pooled.buffer.byteLength);
    await client.removeBackground(pooled);
    await client.removeBackground(new Uint8Array([4, 5, 6]).buffer);
    const sent = await Promise.all(
      server.requests.map(async (request) => {
        const file = (await formOf(request)).get('image_file') as File;
        return [...new Uint8Array(await file.arrayBuffer())];
      }),
    );
    expect(sent).toEqual([
      [7, 8, 9],
      [4, 5, 6],
    ]);
  });

  it('reads a stream and an async iterable once, and sends them again on a retry', async () => {
    const server = await serve((index) =>
      index % 2 === 0 ? { status: 503, headers: { 'retry-after': '0' } } : pngAnswer,
    );
    const client = new CutoutClient({ baseUrl: server.baseUrl });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(png.subarray(0, 4));
        controller.enqueue(png.subarray(4));
        controller.close();
      },
    });
    async function* chunks() {
      yield png.subarray(0, 5);
      yield png.subarray(5);
    }
    await client.removeBackground({ file: stream });
    await client.removeBackground({ file: chunks(), filename: 'x.png' });
    const files = await Promise.all(
      server.requests.map(async (request) => (await formOf(request)).get('image_file') as File),
    );
    for (const file of files) expect(new Uint8Array(await file.arrayBuffer())).toEqual(png);
    expect(files.map((file) => file.name)).toEqual(['image', 'image', 'x.png', 'x.png']);
  });

  it('refuses an image over 32 MB with a RangeError before any request', async () => {
    const server = await serve(() => pngAnswer);
    const client = new CutoutClient({ baseUrl: server.baseUrl });
    const limit = 32 * 1024 * 1024;
    const megabyte = new Uint8Array(1024 * 1024);
    let pulled = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(megabyte);
      },
      cancel() {
        cancelled = true;
      },
    });
    await expect(client.removeBackground({ file: endless })).rejects.toThrow(
      /limit of 32 MB \(33554432 bytes\)/,
    );
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(40);
    await expect(client.removeBackground(new Blob([new Uint8Array(limit + 1)]))).rejects.toBeInstanceOf(
      RangeError,
    );
    await expect(
      client.removeBackground(png, { bgImage: { base64: 'A'.repeat(Math.ceil(((limit + 3) * 4) / 3)) } }),
    ).rejects.toThrow(/background is larger/);
    await expect(
      client.removeBackground(new Blob([new Uint8Array(limit)]), { size: 'preview' }),
    ).resolves.toBeTruthy();
    expect(server.requests).toHaveLength(1);
  });

  it('refuses an input of an unknown kind with a TypeError', async () => {
    const client = new CutoutClient({ baseUrl: 'http://127.0.0.1:9/api/v1' });
    await expect(client.removeBackground('photo.png' as never)).rejects.toBeInstanceOf(TypeError);
  });
});

describe('the answer', () => {
  it('turns the result headers into fields', async () => {
    const server = await serve(() => ({
      status: 200,
      headers: {
        'content-type': 'image/webp',
        'x-credits-charged': '1',
        'x-width': '640',
        'x-height': '480',
        'x-type': 'person',
        'x-foreground-top': '10',
        'x-foreground-left': '20',
        'x-foreground-width': '300',
        'x-foreground-height': '400',
        'x-processing-time-ms': '1234',
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '59',
        'x-ratelimit-reset': '1767225600',
        'x-request-id': 'req-1',
      },
      body: png,
    }));
    const result = await new CutoutClient({ baseUrl: server.baseUrl }).removeBackground(png);
    expect(result).toEqual({
      data: png,
      mimeType: 'image/webp',
      width: 640,
      height: 480,
      creditsCharged: 1,
      type: 'person',
      foreground: { top: 10, left: 20, width: 300, height: 400 },
      processingTimeMs: 1234,
      rateLimit: { limit: 60, remaining: 59, reset: 1767225600 },
      requestId: 'req-1',
      replayed: false,
    });
  });

  it('asks JSON with Accept: application/json and decodes result_b64', async () => {
    const server = await serve(() => ({
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-credits-charged': '0' },
      body: JSON.stringify({
        data: {
          result_b64: Buffer.from(png).toString('base64'),
          foreground_top: 1,
          foreground_left: 2,
          foreground_width: 3,
          foreground_height: 4,
          type: 'image/png',
          width: 5,
          height: 6,
        },
      }),
    }));
    const result = await new CutoutClient({ baseUrl: server.baseUrl }).removeBackground(png, {
      output: 'json',
    });
    expect(server.requests[0]?.headers.accept).toBe('application/json');
    expect(result).toMatchObject({
      data: png,
      mimeType: 'image/png',
      width: 5,
      height: 6,
      foreground: { top: 1, left: 2, width: 3, height: 4 },
      rateLimit: null,
      type: null,
    });
  });

  it('reads the account', async () => {
    const server = await serve(() => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        data: {
          attributes: {
            credits: { total: 7, subscription: 2, payg: 5, enterprise: 0 },
            api: { free_calls: 3, sizes: 'all' },
            litres: { total: 7, free: 3, paid: 4 },
          },
        },
      }),
    }));
    const account = await new CutoutClient({ baseUrl: server.baseUrl, apiKey: 'k' }).account();
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/api/v1/account' });
    expect(account).toEqual({
      credits: { total: 7, subscription: 2, payg: 5, enterprise: 0 },
      freeCalls: 3,
      litres: { total: 7, free: 3, paid: 4 },
    });
  });
});

describe('errors', () => {
  it('builds a CutoutApiError from errors[0], its meta, the request id and Retry-After', async () => {
    const server = await serve(() => ({
      status: 400,
      headers: { 'content-type': 'application/json', 'retry-after': '7' },
      body: JSON.stringify({
        errors: [
          {
            status: '400',
            code: 'file_too_large',
            title: 'File too large',
            detail: 'The file is larger than 32 MB.',
            meta: { code: 'ACTION_FAILED', errorCode: 103, value: 33554432 },
          },
        ],
        requestId: 'req-9',
      }),
    }));
    const error = await rejectionOf(new CutoutClient({ baseUrl: server.baseUrl }).removeBackground(png));
    expect(error).toBeInstanceOf(CutoutApiError);
    expect(error).toMatchObject({
      name: 'CutoutApiError',
      message: 'The file is larger than 32 MB.',
      status: 400,
      code: 'file_too_large',
      title: 'File too large',
      detail: 'The file is larger than 32 MB.',
      specCode: 'ACTION_FAILED',
      errorCode: 103,
      value: 33554432,
      requestId: 'req-9',
      retryAfterSeconds: 7,
    });
  });

  it('makes a non-JSON error body an http_<status> error, and does not retry a 500', async () => {
    const server = await serve(() => ({
      status: 500,
      headers: { 'content-type': 'text/html' },
      body: '<h1>oops</h1>',
    }));
    const error = await rejectionOf(new CutoutClient({ baseUrl: server.baseUrl }).removeBackground(png));
    expect(error).toMatchObject({
      status: 500,
      code: 'http_500',
      specCode: 'UNKNOWN',
      detail: "The server answered 500 with a web page, not the API's JSON.",
    });
    expect(server.requests).toHaveLength(1);
  });

  it('says a 404 web page most likely means a base URL without the API path', async () => {
    const server = await serve(() => ({
      status: 404,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: '<!doctype html><title>Not found</title>',
    }));
    const error = await rejectionOf(new CutoutClient({ baseUrl: server.baseUrl }).account());
    expect(error).toMatchObject({
      code: 'http_404',
      detail:
        "The server answered 404 with a web page, not the API's JSON: does the base URL end in /api/v1 (or /v1.0)?",
    });
  });

  it('never retries a 400 or a 403', async () => {
    const server = await serve((index) => ({
      status: index === 0 ? 400 : 403,
      headers: { 'content-type': 'application/json', 'retry-after': '0' },
      body: errorBody(400, 'invalid_size'),
    }));
    const client = new CutoutClient({ baseUrl: server.baseUrl, maxRetries: 5 });
    await expect(client.removeBackground(png)).rejects.toMatchObject({ status: 400 });
    await expect(client.account()).rejects.toMatchObject({ status: 403 });
    expect(server.requests).toHaveLength(2);
  });
});
