import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testRedisUrl } from '../../../test/harness.ts';
import { dropKeysUnder, uniquePrefix } from '../../queue/redis-keys.testing.ts';
import type { JobRunner } from '../jobs.port.ts';
import { createBullmqJobs } from './bullmq-jobs.ts';

/** A promise the test settles when it chooses. */
function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

async function until(condition: () => boolean, timeoutMs = 20_000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(testRedisUrl)('scheduled jobs on BullMQ', () => {
  const url = testRedisUrl as string;
  const prefix = uniquePrefix('jobs');
  const log = { error: vi.fn() };
  let redis: Redis;
  const runners: JobRunner[] = [];
  /** A runner of its own connections, as in a separate web process. */
  const process = () => {
    const runner = createBullmqJobs({ redisUrl: url, prefix, log });
    runners.push(runner);
    return runner;
  };

  beforeAll(() => {
    redis = new Redis(url);
  });
  afterAll(async () => {
    await Promise.all(runners.map((runner) => runner.stop()));
    await dropKeysUnder(redis, prefix);
    await redis.quit();
  });

  it('runs each run in one of two processes: about one run per interval, not two', async () => {
    const [a, b] = [process(), process()];
    const runs: string[] = [];
    const started = Date.now();
    await a.every('count', 500, async () => {
      runs.push('a');
    });
    expect(runs).toEqual(['a']);
    await b.every('count', 500, async () => {
      runs.push('b');
    });
    await new Promise((resolve) => setTimeout(resolve, 3_000 - (Date.now() - started)));
    await Promise.all([a.stop(), b.stop()]);
    const expected = (Date.now() - started) / 500;
    expect(Math.abs(runs.length - expected), `${runs.join('')} in ${expected / 2} s`).toBeLessThanOrEqual(2);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('logs a failed run and keeps the next ones', async () => {
    const runner = process();
    let count = 0;
    await runner.every('flaky', 300, async () => {
      count += 1;
      throw new Error('database away');
    });
    await until(() => count >= 2);
    await runner.stop();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'flaky', err: expect.objectContaining({ message: 'database away' }) }),
      'job "flaky" failed',
    );
  });

  it('waits on stop for the run in progress, and starts none after', async () => {
    const runner = process();
    const slow = deferred();
    const events: string[] = [];
    const registered = runner.every('slow', 200, async () => {
      events.push('run');
      await slow.promise;
      events.push('run ended');
    });
    await until(() => events.length > 0);
    const stopped = runner.stop().then(() => events.push('stopped'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events).toEqual(['run']);
    slow.resolve();
    await stopped;
    await registered;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(events).toEqual(['run', 'run ended', 'stopped']);
  });

  it('holds the next run back while one is still going in another process', async () => {
    const [a, b] = [process(), process()];
    const slow = deferred();
    let running = 0;
    let most = 0;
    let count = 0;
    const run = async () => {
      running += 1;
      count += 1;
      most = Math.max(most, running);
      if (count === 1) await slow.promise;
      running -= 1;
    };
    const first = a.every('overlap', 100, run);
    await until(() => count === 1);
    // Due now, behind the run in progress: b's registration ends with the run after it.
    const second = b.every('overlap', 100, run);
    // Five intervals pass while the first run is still going: no second run beside it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(count).toBe(1);
    slow.resolve();
    await Promise.all([first, second]);
    await until(() => count >= 3);
    await Promise.all([a.stop(), b.stop()]);
    expect(most).toBe(1);
  });
});
