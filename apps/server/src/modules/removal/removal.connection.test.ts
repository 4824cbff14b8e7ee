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

  it('answers a wrong key after the upload arrived, on a connection it keeps', async () => {
    // Refused before the body is read: answered at once, a client still writing would lose the
    // answer to the connection closed under it (EPIPE) and could not tell that the key is wrong.
    const boundary = 'slow-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image_file"; filename="a.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    );
    const body = Buffer.concat([head, Buffer.alloc(256 * 1024, 7), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const events: string[] = [];
    const answer = await new Promise<{ status: number; connection: string; body: string }>(
      (resolve, reject) => {
        const request = http.request(
          `${base}/api/v1/removebg`,
          {
            method: 'POST',
            headers: {
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'content-length': String(body.length),
              'x-api-key': 'ck_wrong_slow',
            },
          },
          (response) => {
            events.push('answer');
            let text = '';
            response.on('data', (chunk) => {
              text += chunk;
            });
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                connection: String(response.headers.connection),
                body: text,
              }),
            );
          },
        );
        request.on('error', reject);
        // 16 KB a write, one write every few milliseconds: the headers arrive long before the end.
        const write = (at: number) => {
          const chunk = body.subarray(at, at + 16 * 1024);
          if (at + chunk.length >= body.length) {
            events.push('sent');
            return request.end(chunk);
          }
          request.write(chunk);
          setTimeout(() => write(at + chunk.length), 5);
        };
        write(0);
      },
    );
    expect(events).toEqual(['sent', 'answer']);
    expect(answer.status).toBe(403);
    expect(answer.connection).toBe('keep-alive');
    expect(JSON.parse(answer.body).errors[0]).toMatchObject({ code: 'auth_failed' });
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
