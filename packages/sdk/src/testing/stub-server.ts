import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/** One request a stub server received, body included. */
export interface StubRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** What the stub answers a request with; `hang` never answers. */
export type StubAnswer =
  | { status: number; headers?: Record<string, string>; body?: string | Uint8Array }
  | 'hang';

/**
 * A tiny HTTP server on 127.0.0.1 for the client's own behaviour (retries, timeouts, parsing): it
 * answers the n-th request with `answer(n)` and keeps every request.
 */
export async function startStubServer(answer: (index: number, request: StubRequest) => StubAnswer) {
  const requests: StubRequest[] = [];
  const server = createServer(async (incoming, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const request = {
      method: incoming.method ?? '',
      url: incoming.url ?? '',
      headers: incoming.headers,
      body: Buffer.concat(chunks),
    };
    requests.push(request);
    const reply = answer(requests.length - 1, request);
    if (reply === 'hang') return;
    response.writeHead(reply.status, reply.headers);
    response.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The JSON body of a public API error, as the spec writes it. */
export function errorBody(status: number, code: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    errors: [{ status: String(status), code, title: code, detail: `${code} detail`, meta: { code: 'X' } }],
    ...extra,
  });
}

/** Form fields of a recorded multipart request, read the way a server reads them. */
export function formOf(request: StubRequest): Promise<FormData> {
  return new Response(request.body, {
    headers: { 'content-type': String(request.headers['content-type']) },
  }).formData();
}

/** Starts stub servers for a test file and closes them after each test. */
export function stubServers() {
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((server) => server.close()));
  });
  return async (answer: (index: number, request: StubRequest) => StubAnswer) => {
    const server = await startStubServer(answer);
    open.push(server);
    return server;
  };
}

/** A few bytes that begin like a PNG. */
export const samplePng = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

/** A 200 answer with the sample PNG. */
export const pngAnswer: StubAnswer = {
  status: 200,
  headers: { 'content-type': 'image/png' },
  body: samplePng,
};

/** What a call rejected with; fails when it resolved. */
export function rejectionOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}
