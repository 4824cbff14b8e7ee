import { describe, expect, it } from 'vitest';
import { CutoutClient, CutoutNetworkError } from './index.ts';
import { errorBody, samplePng as png, pngAnswer, rejectionOf, stubServers } from './testing/stub-server.ts';

/** The client against a stub HTTP server: when it tries again, and how it stops. */
const serve = stubServers();

describe('retries', () => {
  it('retries 503 and 502 and 504 until an answer comes', async () => {
    const statuses = [503, 502, 504];
    const server = await serve((index) =>
      index < statuses.length
        ? {
            status: statuses[index] as number,
            headers: { 'content-type': 'application/json' },
            body: errorBody(503, 'busy'),
          }
        : pngAnswer,
    );
    const client = new CutoutClient({ baseUrl: server.baseUrl, retryBaseDelayMs: 5 });
    const result = await client.removeBackground(png);
    expect(result.data).toEqual(png);
    expect(server.requests).toHaveLength(4);
  });

  it('sends one Idempotency-Key on every try of a call, a new one for the next call, or the caller’s', async () => {
    const server = await serve((index) => (index % 2 === 0 ? { status: 503 } : pngAnswer));
    const client = new CutoutClient({ baseUrl: server.baseUrl, retryBaseDelayMs: 1 });
    await client.removeBackground(png);
    await client.removeBackground(png);
    await client.removeBackground(png, { idempotencyKey: 'invoice-7/photo-1' });
    const keys = server.requests.map((request) => request.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[3]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys.slice(4)).toEqual(['invoice-7/photo-1', 'invoice-7/photo-1']);
  });

  it('tries again after 409 idempotency_key_in_use (the first try still runs), not after another 409', async () => {
    const inUse = {
      status: 409,
      headers: { 'content-type': 'application/json', 'retry-after': '0' },
      body: errorBody(409, 'idempotency_key_in_use'),
    };
    const server = await serve((index) =>
      index === 0
        ? inUse
        : { status: 200, headers: { 'content-type': 'image/png', 'idempotent-replayed': 'true' }, body: png },
    );
    const result = await new CutoutClient({ baseUrl: server.baseUrl }).removeBackground(png);
    expect(result.replayed).toBe(true);
    expect(server.requests).toHaveLength(2);

    const conflict = await serve(() => ({ ...inUse, body: errorBody(409, 'conflict') }));
    await expect(new CutoutClient({ baseUrl: conflict.baseUrl }).removeBackground(png)).rejects.toMatchObject(
      {
        status: 409,
      },
    );
    expect(conflict.requests).toHaveLength(1);
  });

  it('waits the seconds of Retry-After before the next try', async () => {
    const server = await serve((index) =>
      index === 0 ? { status: 429, headers: { 'retry-after': '1' } } : pngAnswer,
    );
    const started = Date.now();
    await new CutoutClient({ baseUrl: server.baseUrl, retryBaseDelayMs: 1 }).removeBackground(png);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.requests).toHaveLength(2);
  });

  it('waits no longer than maxRetryDelayMs, and gives up after maxRetries with the last error', async () => {
    const server = await serve(() => ({
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '60' },
      body: errorBody(429, 'rate_limit_exceeded'),
    }));
    const started = Date.now();
    const client = new CutoutClient({ baseUrl: server.baseUrl, maxRetries: 2, maxRetryDelayMs: 30 });
    await expect(client.removeBackground(png)).rejects.toMatchObject({
      status: 429,
      code: 'rate_limit_exceeded',
      retryAfterSeconds: 60,
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(server.requests).toHaveLength(3);
  });

  it('makes an unreachable server a CutoutNetworkError, after its retries', async () => {
    const server = await serve(() => pngAnswer);
    const baseUrl = server.baseUrl;
    await server.close();
    let tries = 0;
    const client = new CutoutClient({
      baseUrl,
      maxRetries: 2,
      retryBaseDelayMs: 1,
      fetch: (input, init) => {
        tries += 1;
        return fetch(input, init);
      },
    });
    const error = await rejectionOf(client.account());
    expect(error).toBeInstanceOf(CutoutNetworkError);
    expect((error as Error).message).toMatch(/Could not reach .*ECONNREFUSED/);
    expect((error as Error).cause).toBeInstanceOf(TypeError);
    expect(tries).toBe(3);
  });

  it('gives each try timeoutMs, then a CutoutNetworkError', async () => {
    const server = await serve(() => 'hang');
    const client = new CutoutClient({
      baseUrl: server.baseUrl,
      timeoutMs: 100,
      maxRetries: 1,
      retryBaseDelayMs: 1,
    });
    const error = await rejectionOf(client.removeBackground(png));
    expect(error).toBeInstanceOf(CutoutNetworkError);
    expect((error as Error).message).toMatch(/within 100 ms/);
    expect((error as Error).cause).toMatchObject({ name: 'TimeoutError' });
    expect(server.requests).toHaveLength(2);
  });
});

describe('abort', () => {
  it('cancels a wait between tries at once, with an AbortError', async () => {
    const controller = new AbortController();
    const server = await serve(() => {
      setTimeout(() => controller.abort(), 50);
      return { status: 503, headers: { 'retry-after': '30' } };
    });
    const client = new CutoutClient({ baseUrl: server.baseUrl, maxRetryDelayMs: 60_000 });
    const started = Date.now();
    const error = await rejectionOf(client.removeBackground(png, { signal: controller.signal }));
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(server.requests).toHaveLength(1);
  });

  it('cancels a request in flight with the signal reason, and sends none when aborted already', async () => {
    const server = await serve(() => 'hang');
    const client = new CutoutClient({ baseUrl: server.baseUrl });
    const reason = new Error('the user closed the page');
    const controller = new AbortController();
    setTimeout(() => controller.abort(reason), 50);
    expect(await rejectionOf(client.account({ signal: controller.signal }))).toBe(reason);
    expect(await rejectionOf(client.removeBackground(png, { signal: controller.signal }))).toBe(reason);
    expect(server.requests).toHaveLength(1);
  });
});
