import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Over a real socket: an upload refused before its body was read to the end closes its connection,
 * so that a client reusing it (fetch keeps connections alive) is not cut off on its next request.
 */
describe('a refused upload', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { API_REQUESTS_PER_MINUTE: '1000' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('answers 400 file_too_large with Connection: close, and the next request gets through', async () => {
    const big = new Uint8Array(33 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff]);
    const form = new FormData();
    form.append('size', 'preview');
    form.append('image_file', new Blob([big], { type: 'image/jpeg' }), 'big.jpg');
    const refused = await fetch(`${base}/api/v1/removebg`, { method: 'POST', body: form });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('connection')).toBe('close');
    const body = (await refused.json()) as { errors: Array<{ code: string }> };
    expect(body.errors[0]?.code).toBe('file_too_large');

    const next = await fetch(`${base}/api/v1/account`);
    expect(next.status).toBe(403);
  });

  it('reads a form that arrives a few bytes at a time, its closing delimiter split between writes', async () => {
    const boundary = 'split-boundary';
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="size"\r\n\r\npreview\r\n--${boundary}--\r\n`,
    );
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        `${base}/api/v1/removebg`,
        { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
        (response) => {
          let text = '';
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      // Five bytes a write, one write a tick: the parser and the watcher see many small chunks.
      const write = (at: number) => {
        if (at >= body.length) return request.end();
        request.write(body.subarray(at, at + 5));
        setTimeout(() => write(at + 5), 1);
      };
      write(0);
    });
    // Read whole: the image is missing (108), not a form that cannot be read.
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).errors[0]).toMatchObject({
      code: 'missing_source',
      meta: { errorCode: 108 },
    });
  });

  it('keeps the connection of a request it read whole', async () => {
    const answer = await fetch(`${base}/api/v1/removebg`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ size: 'preview' }),
    });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('connection')).toBe('keep-alive');
  });
});
