import type { Engine } from '@cutout/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  litreBalance,
  registerUser,
  type TestApp,
  testClock,
  testDatabases,
} from '../../test/harness.ts';
import { multipartBody } from '../../test/multipart.ts';
import { standInResult } from '../../test/stand-in-result.ts';

/**
 * Idempotency-Key on charged removals: a full size whose answer was lost, tried again with its key,
 * is charged once and answered again. The engine is a stand-in that can be held (a removal still
 * running) or made to fail; what is tested is the charge around it, on both databases.
 */
const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const engineState = {
  runs: 0,
  failures: 0,
  gate: null as Promise<void> | null,
  lastOptions: {} as Record<string, unknown>,
};
const standIn = {
  remove: async (bytes: Uint8Array, options: { size: string }) => {
    engineState.runs += 1;
    engineState.lastOptions = options;
    if (engineState.gate) await engineState.gate;
    if (engineState.failures > 0) {
      engineState.failures -= 1;
      throw new Error('the engine stopped');
    }
    // The answer depends on the input, so that a replay can be told from another image's result.
    const image = Buffer.concat([png, Buffer.from(`${options.size}:`), Buffer.from(bytes)]);
    return standInResult(image);
  },
} as unknown as Engine;

/** Resolves once `check` holds, looking every 10 ms. */
async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Holds every removal until `open` is called. */
function holdEngine() {
  let open = () => {};
  engineState.gate = new Promise<void>((resolve) => {
    open = () => {
      engineState.gate = null;
      resolve();
    };
  });
  return open;
}

const multipart = (parts: Array<[string, string | Buffer]>) =>
  multipartBody(parts, { filename: 'photo.png' });

const photo = (n: number) => Buffer.concat([png, Buffer.from(`photo ${n}`)]);

describe.each(testDatabases)('Idempotency-Key on %s', (kind) => {
  let t: TestApp;
  const clock = testClock(new Date());
  // How long a retry waits for its key's first request (ENGINE_TIMEOUT_MS) before 409.
  const keyWaitMs = 3000;

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { API_REQUESTS_PER_MINUTE: '1000', ENGINE_TIMEOUT_MS: String(keyWaitMs) },
      { engine: async () => standIn, now: clock.now },
    );
  });
  afterAll(() => t.close());

  let users = 0;
  /** A new user (5 free litres) with an API key. */
  async function client() {
    users += 1;
    const token = await registerUser(t, `idempotency-${kind}-${users}@example.com`);
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/stores/actions/remove-background/issueToken',
      payload: { label: 'retrying client' },
      headers: { authorization: token },
    });
    const apiKey = issued.json().value as string;
    return {
      token,
      balance: () => litreBalance(t, token),
      // Sent at once (inject's chain waits for a `then`), so that tries can overlap.
      removebg: async (fields: Array<[string, string | Buffer]>, headers: Record<string, string> = {}) => {
        const body = multipart(fields);
        return await t.app.inject({
          method: 'POST',
          url: '/api/v1/removebg',
          payload: body.payload,
          headers: { ...body.headers, 'x-api-key': apiKey, ...headers },
        });
      },
    };
  }

  const full = (n: number): Array<[string, string | Buffer]> => [
    ['size', 'full'],
    ['image_file', photo(n)],
  ];

  it('charges a full size once and answers its retry with the same result, marked as replayed', async () => {
    const c = await client();
    const key = { 'idempotency-key': 'retry-1f6c2a' };
    const first = await c.removebg(full(1), key);
    const again = await c.removebg(full(1), key);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.headers['idempotent-replayed']).toBe('true');
    // The retry carries the charge its lost first answer had: one litre, taken once.
    expect(again.headers['x-credits-charged']).toBe('1');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await c.balance()).toBe(4);
  });

  it('takes one litre for parallel tries of one key: the others wait for the first and get its result', async () => {
    const c = await client();
    const open = holdEngine();
    const runs = engineState.runs;
    const key = { 'idempotency-key': '"7d4b9e4e-63c3-4f5e-9a3f-2f0f0c1e7a11"' };
    const tries = Array.from({ length: 4 }, () => c.removebg(full(2), key));
    // The first try runs (held); the others are in flight, waiting for it.
    await until(() => engineState.runs > runs);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(engineState.runs).toBe(runs + 1);
    open();
    const answers = await Promise.all(tries);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.rawPayload.toString('hex'))).size).toBe(1);
    expect(await c.balance()).toBe(4);
  });

  it('refuses the key with another image or other options (422), in the caller’s language, charging nothing', async () => {
    const c = await client();
    const key = { 'idempotency-key': 'order-42-photo' };
    expect((await c.removebg(full(3), key)).statusCode).toBe(200);
    const otherImage = await c.removebg(full(4), { ...key, 'accept-language': 'ru' });
    expect(otherImage.statusCode).toBe(422);
    expect(otherImage.json().errors[0]).toMatchObject({
      status: '422',
      code: 'idempotency_key_reused',
      detail: expect.stringContaining('другим изображением'),
      meta: { code: 'IDEMPOTENCY_KEY_REUSED' },
    });
    // Only how the answer is written differs: the same request, answered again as JSON.
    const asJson = await c.removebg(full(3), { ...key, accept: 'application/json' });
    expect(asJson.statusCode, asJson.body).toBe(200);
    expect(asJson.headers['idempotent-replayed']).toBe('true');
    expect(engineState.lastOptions.output_format).toBe('json');
    const otherOptions = await c.removebg([...full(3), ['format', 'jpg']], key);
    expect(otherOptions.statusCode).toBe(422);
    expect(otherOptions.json().errors[0].detail).toMatch(/another image or other options/);
    expect(await c.balance()).toBe(4);
  });

  it('lets the key go when the first try fails, so that the retry runs and is charged once', async () => {
    const c = await client();
    const key = { 'idempotency-key': 'flaky-engine' };
    engineState.failures = 1;
    const failed = await c.removebg(full(5), key);
    expect(failed.statusCode).toBe(500);
    expect(await c.balance()).toBe(5);
    const retried = await c.removebg(full(5), key);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await c.balance()).toBe(4);
  });

  it('tells a retry that came while the first still runs past the wait to try again (409, Retry-After)', async () => {
    const c = await client();
    const key = { 'idempotency-key': 'slow-first-try' };
    const open = holdEngine();
    const runs = engineState.runs;
    const first = c.removebg(full(6), key);
    await until(() => engineState.runs > runs);
    const early = await c.removebg(full(6), { ...key, 'accept-language': 'ru' });
    open();
    expect(early.statusCode).toBe(409);
    expect(early.headers['retry-after']).toBe('5');
    expect(early.json().errors[0]).toMatchObject({
      code: 'idempotency_key_in_use',
      detail: 'Первый запрос с этим Idempotency-Key ещё обрабатывается. Повторите через 5 с.',
    });
    expect((await first).statusCode).toBe(200);
    const late = await c.removebg(full(6), key);
    expect(late.headers['idempotent-replayed']).toBe('true');
    expect(await c.balance()).toBe(4);
  });

  it('answers a key for 24 hours; after that the same request is a new one, charged again', async () => {
    const c = await client();
    const key = { 'idempotency-key': 'daily-batch-0001' };
    await c.removebg(full(7), key);
    clock.advance(23 * 3600_000);
    expect((await c.removebg(full(7), key)).headers['idempotent-replayed']).toBe('true');
    expect(await c.balance()).toBe(4);
    clock.advance(2 * 3600_000);
    const later = await c.removebg(full(7), key);
    expect(later.statusCode).toBe(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await c.balance()).toBe(3);
  });

  it('keeps keys apart per user: another user’s same key and image is their own request', async () => {
    const [a, b] = [await client(), await client()];
    const key = { 'idempotency-key': 'shared-looking-key' };
    await a.removebg(full(8), key);
    const other = await b.removebg(full(8), key);
    expect(other.statusCode).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect([await a.balance(), await b.balance()]).toEqual([4, 4]);
  });

  it('refuses a key that is empty, too long or not visible ASCII (400, error 123), charging nothing', async () => {
    const c = await client();
    for (const bad of ['x'.repeat(256), 'with space', 'ключ', '""']) {
      const answer = await c.removebg(full(9), { 'idempotency-key': bad });
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().errors[0]).toMatchObject({
        code: 'invalid_idempotency_key',
        meta: { code: 'ACTION_FAILED', errorCode: 123 },
      });
    }
    expect((await c.removebg(full(9), { 'idempotency-key': 'x'.repeat(255) })).statusCode).toBe(200);
    expect(await c.balance()).toBe(4);
  });

  it('keeps nothing for free previews: the key is not taken by them', async () => {
    const c = await client();
    const key = { 'idempotency-key': 'preview-then-full' };
    const preview: Array<[string, string | Buffer]> = [
      ['size', 'preview'],
      ['image_file', photo(10)],
    ];
    for (let i = 0; i < 2; i += 1) {
      const answer = await c.removebg(preview, key);
      expect(answer.headers['x-credits-charged']).toBe('0');
      expect(answer.headers['idempotent-replayed']).toBeUndefined();
    }
    const paid = await c.removebg(full(10), key);
    expect(paid.statusCode).toBe(200);
    expect(await c.balance()).toBe(4);
  });

  it('answers a size=auto retry with the full size it was charged for, even with no litres left', async () => {
    const c = await client();
    for (let i = 0; i < 4; i += 1) await c.removebg(full(100 + i));
    const key = { 'idempotency-key': 'last-litre' };
    const auto: Array<[string, string | Buffer]> = [
      ['size', 'auto'],
      ['image_file', photo(11)],
    ];
    const first = await c.removebg(auto, key);
    expect(first.rawPayload.includes(Buffer.from('full:'))).toBe(true);
    expect(await c.balance()).toBe(0);
    const again = await c.removebg(auto, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('works the same on the web app’s execute call', async () => {
    const c = await client();
    const body = multipart(full(12));
    const execute = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/stores/actions/remove-background/execute',
        payload: body.payload,
        headers: { ...body.headers, authorization: c.token, 'idempotency-key': 'web-retry' },
      });
    expect((await execute()).statusCode).toBe(200);
    const again = await execute();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['x-action-cost']).toBe('1');
    expect(await c.balance()).toBe(4);
  });
});
