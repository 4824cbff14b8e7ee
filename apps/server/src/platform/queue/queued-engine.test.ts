import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Engine, EngineError, maskLifetimeMs } from '@cutout/engine';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, litreBalance, registerUser, testRedisUrl } from '../../test/harness.ts';
import { inferenceQueueName } from './inference-protocol.ts';
import { createQueuedEngine } from './queued-engine.ts';
import { dropKeysUnder, keysUnder, uniquePrefix } from './redis-keys.testing.ts';

/**
 * The scale-out mode end to end: this process is the web process (createQueuedEngine), worker
 * processes are `node --import tsx apps/server/src/worker.ts` as `npm run worker` starts them. The
 * tests run in order and share the workers: model loading is the slow part (seconds per process).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const LOCK_MS = 4_000;

/** A red disc on grey, of a given size and shade: distinct bytes per call site, so no cached mask. */
function discPhoto(width: number, height: number, shade = '#d02020'): Promise<Buffer> {
  const r = Math.round(Math.min(width, height) * 0.3);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#e8e8e8"/><circle cx="${width / 2}" cy="${height / 2}" r="${r}" fill="${shade}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function until(condition: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A multipart body with the image file and text fields. */
function multipart(image: Buffer, fields: Record<string, string>) {
  const boundary = '----cutout-queue-test';
  const parts = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image_file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    image,
    Buffer.from('\r\n'),
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ];
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.runIf(testRedisUrl)('the inference queue with worker processes', () => {
  const url = testRedisUrl as string;
  const prefix = uniquePrefix('inference');
  const workers = new Map<
    string,
    { child: ChildProcess; exited: Promise<number | null>; output: string[] }
  >();
  let redis: Redis;
  let queue: Queue;
  let engine: Engine;
  let photo: Buffer;

  /** Starts a worker process as `npm run worker` does, with this run's prefix and short locks. */
  function startWorker(name: string) {
    const output: string[] = [];
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        REDIS_URL: url,
        QUEUE_PREFIX: prefix,
        QUEUE_LOCK_MS: String(LOCK_MS),
        ENGINE_WORKERS: '1',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => output.push(String(chunk)));
    child.stderr?.on('data', (chunk) => output.push(String(chunk)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    workers.set(name, { child, exited, output });
    return workers.get(name) as { child: ChildProcess; exited: Promise<number | null>; output: string[] };
  }

  beforeAll(async () => {
    redis = new Redis(url);
    queue = new Queue(inferenceQueueName, { connection: { url }, prefix });
    photo = await discPhoto(160, 120);
  });

  afterEach((context) => {
    if (context.task.result?.state !== 'fail') return;
    for (const [name, { output }] of workers) console.info(`worker ${name}:\n${output.join('')}`);
  });

  afterAll(async () => {
    await engine?.close();
    for (const { child, exited } of workers.values()) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    await queue.obliterate({ force: true });
    await queue.close();
    await dropKeysUnder(redis, prefix);
    await redis.quit();
  });

  it('refuses with BUSY when maxQueue removals wait, gives up after its timeout, and takes the job back', async () => {
    const waiting = await createQueuedEngine({ redisUrl: url, prefix, maxQueue: 1, timeoutMs: 1_500 });
    const first = waiting.remove(photo).catch((error: unknown) => error);
    await until(async () => (await queue.getWaitingCount()) === 1);
    const second = waiting.remove(photo);
    await expect(second).rejects.toBeInstanceOf(EngineError);
    await expect(second).rejects.toMatchObject({ code: 'BUSY' });
    expect(waiting.stats().rejectedBusy).toBe(1);
    expect(await first).toMatchObject({
      message: expect.stringMatching(/no inference result after 1500 ms/),
    });
    expect(await queue.getWaitingCount()).toBe(0);
    expect(await keysUnder(redis, `${prefix}:inference-data`)).toEqual([]);

    // Closing fails the removals still waiting, and takes their jobs back too.
    const third = waiting.remove(photo).catch((error: unknown) => error);
    await until(async () => (await queue.getWaitingCount()) === 1);
    await waiting.close();
    expect(await third).toMatchObject({ message: 'engine is closed' });
    expect(await queue.getWaitingCount()).toBe(0);
    expect(await keysUnder(redis, `${prefix}:inference-data`)).toEqual([]);
  });

  it('answers a removal done by a worker process as the engine does: the image, its JSON, its errors', async () => {
    startWorker('A');
    engine = await createQueuedEngine({ redisUrl: url, prefix, maxQueue: 16 });
    const result = await engine.remove(photo, { size: 'full' }, { cacheScope: 'user:queue-test' });
    expect(result).toMatchObject({
      mime: 'image/png',
      format: 'png',
      width: 160,
      height: 120,
      maskCached: false,
    });
    expect(result.original).toEqual({ width: 160, height: 120 });
    expect(result.timings).toHaveProperty('network');
    const meta = await sharp(result.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['png', 160, 120, 4]);

    const background = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const json = await engine.remove(
      photo,
      { output_format: 'json', bg_image: background, crop: true, crop_margin: '2px' },
      { cacheScope: 'user:queue-test' },
    );
    expect(json.mime).toBe('application/json');
    expect(json.maskCached).toBe(true);
    expect(JSON.parse(json.bytes.toString())).toHaveProperty('data');
    expect((await sharp(json.image).metadata()).channels).toBe(3);
    expect(json.width).toBe(json.foreground.width + 4);

    const broken = engine.remove(photo.subarray(0, 100));
    await expect(broken).rejects.toBeInstanceOf(EngineError);
    await expect(broken).rejects.toMatchObject({ code: 113, value: 'damaged' });
    await expect(engine.remove(photo, { size: 'huge' })).rejects.toMatchObject({ code: 104 });
    expect(await keysUnder(redis, `${prefix}:inference-data`)).toEqual([]);
  });

  it('finishes on another worker a job whose worker was killed, and charges its litre once', async () => {
    const t = await createTestApp(
      'pglite',
      { API_REQUESTS_PER_MINUTE: '1000' },
      { engine: async () => engine },
    );
    try {
      const token = await registerUser(t, 'queue-worker@example.com');
      const issued = await t.app.inject({
        method: 'POST',
        url: '/api/stores/actions/remove-background/issueToken',
        payload: { label: 'queue test' },
        headers: { authorization: token },
      });
      const key = issued.json().value as string;
      const before = await litreBalance(t, token);
      const body = multipart(await discPhoto(1200, 900, '#2040c0'), { size: 'full' });
      const response = t.app.inject({
        method: 'POST',
        url: '/api/v1/removebg',
        payload: body.payload,
        headers: { 'content-type': body.contentType, 'x-api-key': key },
      });
      await until(async () => (await queue.getActiveCount()) === 1);
      const [job] = await queue.getActive();
      const a = workers.get('A');
      a?.child.kill('SIGKILL');
      await a?.exited;
      startWorker('B');

      const answer = await response;
      expect(answer.statusCode, answer.body).toBe(200);
      const meta = await sharp(answer.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 900]);
      expect(before - (await litreBalance(t, token))).toBe(1);
      const finished = await queue.getJob(job?.id as string);
      expect(finished?.stalledCounter).toBe(1);
      expect(await finished?.getState()).toBe('completed');
    } finally {
      await t.close();
    }
  });

  it('shares masks between worker processes through Redis, per scope', async () => {
    // The first removal of `photo` in this scope ran on worker A, which is gone: B reads A's mask.
    const again = await engine.remove(photo, { size: 'preview' }, { cacheScope: 'user:queue-test' });
    expect(again.maskCached).toBe(true);
    const stranger = await engine.remove(photo, { size: 'preview' }, { cacheScope: 'user:someone-else' });
    expect(stranger.maskCached).toBe(false);
    const digest = createHash('sha256').update(photo).digest('hex');
    const maskKey = `${prefix}:mask:user:queue-test:${digest}`;
    expect(await redis.exists(maskKey)).toBe(1);
    const ttl = await redis.pttl(maskKey);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(maskLifetimeMs);
  });

  it('finishes the job in progress on SIGTERM, then exits 0', async () => {
    const b = workers.get('B');
    const removal = engine.remove(await discPhoto(640, 480, '#20a040'));
    await until(async () => (await queue.getActiveCount()) === 1);
    b?.child.kill('SIGTERM');
    const result = await removal;
    expect([result.width, result.height]).toEqual([640, 480]);
    expect(await b?.exited).toBe(0);
  });
});
