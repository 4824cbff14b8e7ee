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
