import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInProcessJobs } from './in-process-jobs.ts';

/** A promise the test settles when it chooses. */
function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('in-process jobs', () => {
  const log = { error: vi.fn() };
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    log.error.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a job at start, then once every interval', async () => {
    const jobs = createInProcessJobs({ log });
    const run = vi.fn(async () => {});
    await jobs.every('count', 60_000, run);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    await jobs.stop();
    expect(run).toHaveBeenCalledTimes(4);
  });

  it('logs a failed run and keeps the next ones', async () => {
    const jobs = createInProcessJobs({ log });
    const run = vi.fn(async () => {
      throw new Error('database away');
    });
    await jobs.every('flaky', 1_000, run);
    await vi.advanceTimersByTimeAsync(1_000);
    await jobs.stop();
    expect(run).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'flaky', err: expect.objectContaining({ message: 'database away' }) }),
      'job "flaky" failed',
    );
  });

  it('does not start a run while the previous one is still going', async () => {
    const jobs = createInProcessJobs({ log });
    const slow = deferred();
    const run = vi.fn(() => slow.promise);
    const first = jobs.every('slow', 1_000, run);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(1);
    slow.resolve();
    await first;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    await jobs.stop();
  });

  it('stops every job on close, after waiting for the run in progress', async () => {
    const jobs = createInProcessJobs({ log });
    const slow = deferred();
    const events: string[] = [];
    const run = vi.fn(async () => {
      events.push('run');
      await slow.promise;
      events.push('run ended');
    });
    void jobs.every('slow', 1_000, run);
    const stopped = jobs.stop().then(() => events.push('stopped'));
    slow.resolve();
    await stopped;
    expect(events).toEqual(['run', 'run ended', 'stopped']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not keep the process alive', async () => {
    vi.useRealTimers();
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    const jobs = createInProcessJobs({ log });
    await jobs.every('idle', 60_000, async () => {});
    const timer = setIntervalSpy.mock.results[0]?.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    setIntervalSpy.mockRestore();
    await jobs.stop();
  });
});
