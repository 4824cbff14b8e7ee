import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/api-error.ts';
import { getProcessingCount, getProcessingState } from '../../shared/tasks/task-counter.ts';
import { outputFor } from './image-item.ts';
import { type ExecuteRequest, ImageQueue } from './image-queue.ts';
import type { RemovalResult } from './removal-api.ts';

const png = (name = 'photo.png', bytes = 'png') => new File([bytes], name, { type: 'image/png' });

const result = (cost = 0): RemovalResult => {
  const image = new Blob(['cut-out'], { type: 'image/png' });
  return {
    image,
    download: image,
    cost,
    sizeLimits: { preview: { width: 625, height: 400 }, full: { width: 6250, height: 6250 } },
    width: 625,
    height: 400,
  };
};

/** A queue whose calls wait until the test answers them. */
function makeQueue(options: { authorised?: boolean } = {}) {
  const calls: Array<{
    request: ExecuteRequest;
    resolve: (r: RemovalResult) => void;
    reject: (e: unknown) => void;
  }> = [];
  const deps = {
    execute: vi.fn(
      (request: ExecuteRequest) =>
        new Promise<RemovalResult>((resolve, reject) => {
          calls.push({ request, resolve, reject });
        }),
    ),
    isAuthorised: vi.fn(() => options.authorised ?? false),
    onLoginRequired: vi.fn(),
    onCharged: vi.fn(),
    onFailure: vi.fn(),
    maxFileBytes: 1000,
  };
  const queue = new ImageQueue(deps);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { queue, deps, calls, settle };
}

let current: ImageQueue | undefined;
afterEach(() => {
  current?.clear();
  vi.useRealTimers();
});

describe('ImageQueue', () => {
  it('asks for a free preview of every added image and marks it loading until the answer', async () => {
    const { queue, deps, calls, settle } = makeQueue();
    current = queue;
    const [item] = queue.addFiles([png()]);
    expect(deps.execute).toHaveBeenCalledOnce();
    expect(calls[0]?.request.size).toBe('preview');
    expect(item?.loading).toBe(true);
    expect(item?.selected).toBe(true);
    expect(getProcessingCount()).toBe(1);

    calls[0]?.resolve(result(0));
    await settle();
    const done = queue.item(item?.id ?? '');
    expect(done?.loading).toBe(false);
    expect(getProcessingCount()).toBe(0);
    expect(done && outputFor(done, 'preview')?.fileName).toBe('photo-no-bg-preview.png');
    expect(done?.sizeLimits?.full).toEqual({ width: 6250, height: 6250 });
    expect(deps.onCharged).not.toHaveBeenCalled();
  });

  it('runs two calls at a time and keeps the rest waiting, still counted as in progress', async () => {
    const { queue, deps, calls, settle } = makeQueue();
    current = queue;
    queue.addFiles([png('a.png'), png('b.png'), png('c.png')]);
    expect(deps.execute).toHaveBeenCalledTimes(2);
    expect(getProcessingCount()).toBe(3);
    calls[0]?.resolve(result());
    await settle();
    expect(deps.execute).toHaveBeenCalledTimes(3);
    expect(getProcessingCount()).toBe(2);
  });

  it('drops a full size asked for by a visitor and opens the login instead, without a call', async () => {
    const { queue, deps, calls, settle } = makeQueue({ authorised: false });
    current = queue;
    const [item] = queue.addFiles([png()]);
    calls[0]?.resolve(result());
    await settle();
    await expect(queue.request(item?.id ?? '', 'full')).resolves.toBeNull();
    expect(deps.onLoginRequired).toHaveBeenCalledOnce();
    expect(deps.execute).toHaveBeenCalledOnce();
  });

  it('reads the cost of a full size and reuses a made output without another call', async () => {
    const { queue, deps, calls, settle } = makeQueue({ authorised: true });
    current = queue;
    const [item] = queue.addFiles([png()]);
    const id = item?.id ?? '';
    calls[0]?.resolve(result(0));
    const full = queue.request(id, 'full');
    await settle();
    expect(calls[1]?.request.size).toBe('full');
    calls[1]?.resolve(result(1));
    const output = await full;
    expect(output?.fileName).toBe('photo-no-bg.png');
    expect(deps.onCharged).toHaveBeenCalledWith(1);

    await expect(queue.request(id, 'full')).resolves.toBe(output);
    await expect(queue.request(id, 'preview')).resolves.toBeTruthy();
    expect(deps.execute).toHaveBeenCalledTimes(2);
  });

  it('asks once when the same output is requested twice while it is being made', async () => {
    const { queue, deps, calls } = makeQueue({ authorised: true });
    current = queue;
    const [item] = queue.addFiles([png()]);
    const first = queue.request(item?.id ?? '', 'preview');
    expect(deps.execute).toHaveBeenCalledOnce();
    calls[0]?.resolve(result());
    expect(await first).toBeTruthy();
  });

  it('makes the preview again after options change, and reuses it when they change back', async () => {
    vi.useFakeTimers();
    const { queue, deps, calls } = makeQueue();
    current = queue;
    const [item] = queue.addFiles([png()]);
    const id = item?.id ?? '';
    calls[0]?.resolve(result());
    await vi.advanceTimersByTimeAsync(0);

    queue.updateOptions(id, { format: 'webp' });
    queue.updateOptions(id, { bgColorToggle: true, bgColor: 'red' });
    await vi.advanceTimersByTimeAsync(399);
    expect(deps.execute).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.execute).toHaveBeenCalledTimes(2);
    expect(calls[1]?.request.options).toMatchObject({ format: 'webp', bgColorToggle: true, bgColor: 'red' });
    calls[1]?.resolve(result());
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.item(id)?.outputs && outputFor(queue.item(id)!, 'preview')?.fileName).toBe(
      'photo-no-bg-preview.webp',
    );

    queue.updateOptions(id, { format: 'png', bgColorToggle: false });
    await vi.advanceTimersByTimeAsync(400);
    expect(deps.execute).toHaveBeenCalledTimes(2);
    // New images start with the options chosen last.
    expect(queue.defaultOptions).toMatchObject({ format: 'png', bgColorToggle: false });
  });

  it('drops the error of options that are switched back to ones already made', async () => {
    vi.useFakeTimers();
    const { queue, calls } = makeQueue();
    current = queue;
    const [item] = queue.addFiles([png()]);
    const id = item?.id ?? '';
    calls[0]?.resolve(result());
    await vi.advanceTimersByTimeAsync(0);
    queue.updateOptions(id, { bgColorToggle: true, bgColor: 'nocolour' });
    await vi.advanceTimersByTimeAsync(400);
    calls[1]?.reject(
      new ApiError({ status: 400, code: 'ACTION_FAILED', message: 'x', details: { errorCode: 111 } }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.item(id)?.failure).toMatchObject({ errorCode: 111 });
    // The colour switched off again: the preview already made shows, without the colour's error.
    queue.updateOptions(id, { bgColorToggle: false });
    await vi.advanceTimersByTimeAsync(400);
    expect(calls).toHaveLength(2);
    expect(queue.item(id)?.failure).toBeNull();
  });

  it('counts files refused before any call among the failures of the batch they came with', async () => {
    const { queue, calls, settle } = makeQueue();
    current = queue;
    queue.addFiles([
      png(),
      new File(['gif'], 'anim.gif', { type: 'image/gif' }),
      png('big.png', 'x'.repeat(1001)),
    ]);
    calls[0]?.resolve(result());
    await settle();
    expect(getProcessingState()).toEqual({ count: 0, failed: 2 });
  });

  it('marks the input invalid on errorCode 107 and keeps the failure on the item', async () => {
    const { queue, deps, calls, settle } = makeQueue();
    current = queue;
    const item = queue.addUrl('https://example.com/missing.jpg');
    expect(item.name).toBe('missing.jpg');
    calls[0]?.reject(
      new ApiError({
        status: 400,
        code: 'ACTION_FAILED',
        message: 'x',
        details: { errorCode: 107, value: 'HTTP 404' },
      }),
    );
    await settle();
    expect(queue.item(item.id)).toMatchObject({
      loading: false,
      invalidInput: true,
      failure: { type: 'action', errorCode: 107, value: 'HTTP 404' },
    });
    expect(deps.onFailure).toHaveBeenCalledOnce();
    // The task panel is told: it will not say that all images are processed.
    expect(getProcessingState()).toEqual({ count: 0, failed: 1 });
    // An invalid input is not sent again.
    await expect(queue.request(item.id, 'preview')).resolves.toBeNull();
    expect(deps.execute).toHaveBeenCalledOnce();
  });

  it('leaves the item alone on INSUFFICIENT_BALANCE and reports it with cost 0', async () => {
    const { queue, deps, calls, settle } = makeQueue({ authorised: true });
    current = queue;
    const [item] = queue.addFiles([png()]);
    calls[0]?.resolve(result());
    const full = queue.request(item?.id ?? '', 'full');
    await settle();
    calls[1]?.reject(new ApiError({ status: 402, code: 'INSUFFICIENT_BALANCE', message: 'x' }));
    await expect(full).resolves.toBeNull();
    expect(deps.onFailure).toHaveBeenCalledWith({ type: 'insufficientBalance' }, expect.anything());
    expect(deps.onCharged).not.toHaveBeenCalled();
    expect(queue.item(item?.id ?? '')).toMatchObject({ failure: null, invalidInput: false });
  });

  it('refuses files of another type or over the size limit without a call', () => {
    const { queue, deps } = makeQueue();
    current = queue;
    const [gif, big] = queue.addFiles([
      new File(['gif'], 'anim.gif', { type: 'image/gif' }),
      png('big.png', 'x'.repeat(1001)),
    ]);
    expect(gif).toMatchObject({ invalidInput: true, failure: { type: 'unsupportedFile' } });
    expect(big).toMatchObject({ invalidInput: true, failure: { type: 'fileTooBig', maxBytes: 1000 } });
    expect(deps.execute).not.toHaveBeenCalled();
  });

  it('selects a neighbour when the selected image is removed', () => {
    const { queue } = makeQueue();
    current = queue;
    const [a, b] = queue.addFiles([png('a.png'), png('b.png')]);
    queue.select(b?.id ?? '');
    queue.remove(b?.id ?? '');
    expect(queue.getState().items.map((item) => [item.name, item.selected])).toEqual([['a.png', true]]);
    queue.remove(a?.id ?? '');
    expect(getProcessingCount()).toBe(0);
  });
});
