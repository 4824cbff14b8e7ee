import { lookup } from 'node:dns/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchRefused, isPublicAddress, safeFetch } from './safe-fetch.ts';

const limits = { maxBytes: 1024, timeoutMs: 2000, maxRedirects: 3 };

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, metadata and mapped addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.5',
      '172.16.3.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::7f00:1',
      '::a9fe:a9fe',
      '2002:7f00:1::1',
      '2002:a00:1::',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '64:ff9b:1::a00:1',
      '224.0.0.1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('accepts public addresses', () => {
    for (const address of [
      '8.8.8.8',
      '93.184.216.34',
      '2606:4700:4700::1111',
      '2001:4860:4860::8888',
      '::ffff:8.8.8.8',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

describe('safeFetch', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/image') {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(Buffer.alloc(100, 1));
      } else if (request.url === '/big') {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(Buffer.alloc(5000, 1));
      } else if (request.url?.startsWith('/redirect-private')) {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        response.end();
      } else if (request.url === '/redirect-loop') {
        response.writeHead(302, { location: '/redirect-loop' });
        response.end();
      } else if (request.url === '/slow') {
        setTimeout(() => response.end('late'), 5000).unref();
      } else {
        response.writeHead(404);
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  // The test server lives on loopback: these tests allow exactly that address, nothing else.
  const loopbackOnly = (address: string) => address === '127.0.0.1';

  const refused = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('fetched');
      },
      (error: unknown) => {
        if (error instanceof FetchRefused) return error;
        throw error;
      },
    );
  const refusal = async (promise: Promise<unknown>) => (await refused(promise)).reason;

  it('refuses private targets by default, before connecting', async () => {
    for (const url of [
      `${base}/image`,
      'http://10.1.2.3/x.png',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/x.png',
      'http://[::ffff:127.0.0.1]/x.png',
      'http://[::127.0.0.1]/x.png',
      'http://[2002:7f00:1::]/x.png',
      // localhost is the machine itself by definition (RFC 6761): saying so tells nothing.
      'http://localhost/x.png',
      'http://LOCALHOST./x.png',
      'http://images.localhost:8080/x.png',
    ]) {
      expect(await refusal(safeFetch(url, limits)), url).toBe('the address is not public');
    }
  });

  it('tells the caller nothing of names inside, connection errors or addresses; the detail is for the log', async () => {
    // A name that resolves inside reads like a name that does not exist.
    // A name of the network inside, as an intranet's DNS would answer it; other names resolve for real.
    const resolve = async (host: string) =>
      host === 'intranet.test'
        ? ['10.0.0.5']
        : (await lookup(host, { all: true })).map((entry) => entry.address);
    const inside = await refused(safeFetch('http://intranet.test/x.png', { ...limits, resolve }));
    expect(inside.reason).toBe('the address is not reachable');
    expect(inside.detail).toMatch(/intranet\.test resolves to 10\.0\.0\.5/);
    const missing = await refused(safeFetch('http://no-such-host.invalid/x.png', { ...limits, resolve }));
    expect(missing.reason).toBe('the address is not reachable');
    expect(missing.detail).toMatch(/no-such-host\.invalid not resolved/);
    // Nothing listens on a closed port: the caller must not learn that from the answer.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refusedPort = await refused(
      safeFetch(`http://127.0.0.1:${port}/x.png`, { ...limits, isAllowed: loopbackOnly }),
    );
    expect(refusedPort.reason).toBe('the address is not reachable');
    expect(refusedPort.detail).toMatch(/ECONNREFUSED/);
  });

  it('refuses other schemes, credentials and nonsense', async () => {
    expect(await refusal(safeFetch('file:///etc/passwd', limits))).toBe('only http and https URLs');
    expect(await refusal(safeFetch('ftp://example.com/x', limits))).toBe('only http and https URLs');
    expect(await refusal(safeFetch('http://user:pw@example.com/x', limits))).toMatch(/credentials/);
    expect(await refusal(safeFetch('not a url', limits))).toBe('not a valid URL');
  });

  it('fetches an allowed address', async () => {
    const fetched = await safeFetch(`${base}/image`, { ...limits, isAllowed: loopbackOnly });
    expect(fetched.bytes.length).toBe(100);
    expect(fetched.contentType).toBe('image/png');
  });

  it('checks every redirect again', async () => {
    const refusedRedirect = await refused(
      safeFetch(`${base}/redirect-private`, { ...limits, isAllowed: loopbackOnly }),
    );
    expect(refusedRedirect.reason).toBe('the address is not public');
    expect(refusedRedirect.detail).toBe('169.254.169.254 is not public');
  });

  it('follows at most 3 redirects', async () => {
    expect(await refusal(safeFetch(`${base}/redirect-loop`, { ...limits, isAllowed: loopbackOnly }))).toBe(
      'more than 3 redirects',
    );
  });

  it('bounds size and time, and reports HTTP errors', async () => {
    const allowed = { ...limits, isAllowed: loopbackOnly };
    const big = await refused(safeFetch(`${base}/big`, allowed));
    expect([big.kind, big.reason]).toEqual(['too_large', 'the download is too large']);
    expect(await refusal(safeFetch(`${base}/slow`, { ...allowed, timeoutMs: 300 }))).toBe(
      'no answer within 0.3 s',
    );
    expect(await refusal(safeFetch(`${base}/missing`, allowed))).toBe('the server answered HTTP 404');
  });
});
