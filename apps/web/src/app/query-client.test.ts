import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, refetchOnRestore } from './query-client.ts';

/** A `pageshow` as the browser sends it: `persisted` when the page comes from the back-forward cache. */
const pageShow = (persisted: boolean) => Object.assign(new Event('pageshow'), { persisted });

describe('refetchOnRestore', () => {
  it('reads everything again when the page comes back from the back-forward cache, and only then', async () => {
    const queryClient = createQueryClient();
    const queryFn = vi.fn(async () => ({ items: queryFn.mock.calls.length }));
    const read = () => queryClient.fetchQuery({ queryKey: ['cart'], queryFn });
    await read();
    const stop = refetchOnRestore(queryClient);

    window.dispatchEvent(pageShow(false));
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(['cart'])?.isInvalidated).toBe(false);

    window.dispatchEvent(pageShow(true));
    expect(queryClient.getQueryState(['cart'])?.isInvalidated).toBe(true);

    stop();
    await read();
    window.dispatchEvent(pageShow(true));
    expect(queryClient.getQueryState(['cart'])?.isInvalidated).toBe(false);
  });
});
