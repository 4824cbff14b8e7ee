import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/api-error.ts';
import { jsonResponse } from '../../test/fixtures.ts';
import { defaultProcessingOptions } from './processing-options.ts';
import { executeRemoval, sizeLimitsOf } from './removal-api.ts';

const input = { kind: 'file', file: new File(['jpg'], 'photo.jpg', { type: 'image/jpeg' }) } as const;

const isErrorReport = (url: RequestInfo | URL) => String(url).endsWith('/clientErrors/record');

/** Answers the action calls in turn; the error service's reports of failed calls get a 204. */
function stubFetch(...responses: Response[]) {
  const fetchMock = vi.fn(async (url: RequestInfo | URL, _init?: RequestInit) => {
    if (isErrorReport(url)) return new Response(null, { status: 204 });
    const next = responses.shift();
    if (!next) throw new Error('No more answers');
    return next;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const actionCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url]) => !isErrorReport(url));

const busy = () =>
  new Response(JSON.stringify({ code: 'SERVER_BUSY', message: 'Busy.' }), {
    status: 503,
    headers: { 'Content-Type': 'application/json', 'Retry-After': '3' },
  });

afterEach(() => vi.useRealTimers());

describe('executeRemoval', () => {
  it('posts the form to the action and reads the image and its headers', async () => {
    const fetchMock = stubFetch(
      new Response(new TextEncoder().encode('png'), {
        headers: {
          'Content-Type': 'image/png',
          'X-Action-Cost': '1',
          'X-Size-Limit': 'previewWidth=625,previewHeight=400,fullWidth=6250,fullHeight=6250',
          'X-Width': '1200',
          'X-Height': '800',
        },
      }),
    );
    const result = await executeRemoval({
      actionId: 'remove-background',
      input,
      options: defaultProcessingOptions,
      size: 'full',
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/stores/actions/remove-background/execute');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData | undefined)?.get('size')).toBe('full');
    expect(result).toMatchObject({
      cost: 1,
      width: 1200,
      height: 800,
      sizeLimits: { preview: { width: 625, height: 400 }, full: { width: 6250, height: 6250 } },
    });
    expect(result.image.type).toBe('image/png');
    expect(result.download).toBe(result.image);
  });

  it('decodes the base64 image of output_format json and downloads the JSON itself', async () => {
    const body = { data: { result_b64: btoa('webp-bytes'), type: 'image/webp', width: 400, height: 265 } };
    stubFetch(jsonResponse(body));
    const result = await executeRemoval({
      actionId: 'remove-background',
      input,
      options: { ...defaultProcessingOptions, outputFormat: 'json', format: 'webp' },
      size: 'preview',
    });
    expect(result).toMatchObject({ cost: 0, width: 400, height: 265, sizeLimits: null });
    expect(result.image.type).toBe('image/webp');
    expect(await result.image.text()).toBe('webp-bytes');
    expect(result.download.type).toBe('application/json');
    expect(JSON.parse(await result.download.text())).toEqual(body);
  });

  it('fails with INVALID_RESPONSE when a json answer is not one', async () => {
    stubFetch(jsonResponse({ something: 'else' }));
    await expect(
      executeRemoval({
        actionId: 'remove-background',
        input,
        options: { ...defaultProcessingOptions, outputFormat: 'json' },
        size: 'preview',
      }),
    ).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('asks a busy server again after its Retry-After, then gives up', async () => {
    vi.useFakeTimers();
    const fetchMock = stubFetch(busy(), busy(), busy());
    const done = executeRemoval({
      actionId: 'remove-background',
      input,
      options: defaultProcessingOptions,
      size: 'preview',
    }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(2999);
    expect(actionCalls(fetchMock)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(actionCalls(fetchMock)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(actionCalls(fetchMock)).toHaveLength(3);
    const error = await done;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'SERVER_BUSY', retryAfterSeconds: 3 });
  });

  it('does not retry other errors', async () => {
    const fetchMock = stubFetch(
      jsonResponse({ code: 'ACTION_FAILED', message: 'x', details: { errorCode: 113 } }, 400),
    );
    await expect(
      executeRemoval({ actionId: 'a', input, options: defaultProcessingOptions, size: 'preview' }),
    ).rejects.toMatchObject({ code: 'ACTION_FAILED', details: { errorCode: 113 } });
    expect(actionCalls(fetchMock)).toHaveLength(1);
  });
});

describe('sizeLimitsOf', () => {
  it('needs all four limits', () => {
    expect(sizeLimitsOf('previewWidth=625,previewHeight=400')).toBeNull();
    expect(sizeLimitsOf(null)).toBeNull();
  });
});
