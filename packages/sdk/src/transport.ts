import { CutoutNetworkError } from './errors.ts';

/** One HTTP exchange, answer body included. */
export interface Exchange {
  response: Response;
  body: Uint8Array;
}

/**
 * Sends one request and reads its whole answer within `timeoutMs`. A failure to connect or to read
 * becomes a CutoutNetworkError; the caller's abort rejects with the signal's reason.
 */
export async function exchange(options: {
  fetch: typeof fetch;
  url: string;
  init: RequestInit;
  timeoutMs: number;
  signal?: AbortSignal;
}): Promise<Exchange> {
  const { signal, timeoutMs } = options;
  signal?.throwIfAborted();
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  try {
    const response = await options.fetch(options.url, { ...options.init, signal: controller.signal });
    const body = new Uint8Array(await response.arrayBuffer());
    return { response, body };
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (timedOut) {
      throw new CutoutNetworkError(`No answer from ${options.url} within ${timeoutMs} ms`, { cause: error });
    }
    throw new CutoutNetworkError(`Could not reach ${options.url}: ${messageOf(error)}`, { cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

function messageOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const own = error instanceof Error ? error.message : String(error);
  return cause?.code ?? cause?.message ?? own;
}
