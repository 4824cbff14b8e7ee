import type { Engine, RemovalCall } from '@cutout/engine';
import { createTestApp, registerUser, type TestApp } from '../../../../apps/server/src/test/harness.ts';
import { standInResult } from '../../../../apps/server/src/test/stand-in-result.ts';

/**
 * A real server app (apps/server's test harness) listening on 127.0.0.1, for the SDK to call over
 * HTTP; `engine` replaces the real engine where a test only checks what was sent.
 */
export async function startServerApp(options: { env?: Record<string, string>; engine?: Engine } = {}) {
  const t: TestApp = await createTestApp(
    'pglite',
    { API_REQUESTS_PER_MINUTE: '1000', ...options.env },
    {
      ...(options.engine ? { engine: async () => options.engine as Engine } : {}),
      // The tests' image server is on loopback; nothing else private is allowed.
      isFetchAllowed: (address) => address === '127.0.0.1',
    },
  );
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    t,
    baseUrl: `${address}/api/v1`,
    /** A new verified account (5 free litres) and an API key of it. */
    async newApiKey(email: string): Promise<string> {
      const token = await registerUser(t, email);
      const issued = await t.app.inject({
        method: 'POST',
        url: '/api/stores/actions/remove-background/issueToken',
        payload: { label: 'sdk' },
        headers: { authorization: token },
      });
      if (issued.statusCode !== 200) throw new Error(`no key: ${issued.body}`);
      return issued.json().value as string;
    },
    close: () => t.close(),
  };
}

/** An engine stand-in that answers a 1×1 PNG and keeps what it was asked. */
export function recordingEngine() {
  const calls: Array<{ bytes: Uint8Array; options: Record<string, unknown>; call?: RemovalCall }> = [];
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const engine = {
    remove: async (bytes: Uint8Array, options: Record<string, unknown>, call?: RemovalCall) => {
      calls.push({ bytes, options, call });
      return standInResult(png);
    },
  } as unknown as Engine;
  return { engine, calls };
}
