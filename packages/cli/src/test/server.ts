import type { AddressInfo } from 'node:net';
import type { Engine } from '@cutout/engine';

/** The part of the server's test harness (apps/server/src/test/harness.ts) used here. */
interface Harness {
  createTestApp(
    kind: 'pglite',
    env?: Record<string, string>,
    options?: { engine?: () => Promise<Engine> },
  ): Promise<TestApp>;
  registerUser(t: TestApp, email: string): Promise<string>;
  buyWithDemoCard(t: TestApp, token: string, productItems: object[]): Promise<string>;
}

interface TestApp {
  app: {
    listen(options: { port: number; host: string }): Promise<string>;
    server: { address(): AddressInfo | string | null };
    inject(request: object): Promise<{ statusCode: number; body: string; json(): { value: string } }>;
  };
  close(): Promise<void>;
}

// Imported by a computed path, so that this package's type check does not take in the server's
// sources (they are type-checked as apps/server); the interface above is what is relied on.
const harnessPath = new URL('../../../../apps/server/src/test/harness.ts', import.meta.url).href;

export interface TestServer {
  /** http://127.0.0.1:PORT, without the API path (the command line appends it). */
  url: string;
  /** An API key of a verified account with the month's 5 free litres. */
  key: string;
  /** Buys a bundle of 50 litres for the key's account, through the demo acquirer's checkout. */
  buyFiftyLitres(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real server on PGlite, listening on a free port, with an account and an API key. `engine`:
 * a stand-in for tests of the command line itself; without it the real engine runs.
 */
export async function startServer(options: { engine?: Engine; email?: string } = {}): Promise<TestServer> {
  const harness = (await import(harnessPath)) as Harness;
  const t = await harness.createTestApp(
    'pglite',
    { API_REQUESTS_PER_MINUTE: '1000' },
    options.engine ? { engine: async () => options.engine as Engine } : {},
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as AddressInfo;
  const token = await harness.registerUser(t, options.email ?? 'cli@example.com');
  const issued = await t.app.inject({
    method: 'POST',
    url: '/api/stores/actions/remove-background/issueToken',
    headers: { authorization: token },
    payload: { label: 'cli' },
  });
  if (issued.statusCode !== 200) throw new Error(`no API key: ${issued.body}`);
  return {
    url: `http://127.0.0.1:${address.port}`,
    key: issued.json().value,
    buyFiftyLitres: async () => {
      await harness.buyWithDemoCard(t, token, [{ tradeOfferId: 'offer_litres_50', quantity: 1 }]);
    },
    close: () => t.close(),
  };
}
