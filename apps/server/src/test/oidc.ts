import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface LocalProvider {
  issuer: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider on loopback (the npm package oidc-provider) with its development
 * login screen: any login and password sign in as that login, whose e-mail is `<login>@oidc.test`.
 */
export async function startLocalProvider(options: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}) {
  const probe = await import('node:net').then(
    ({ createServer }) =>
      new Promise<number>((resolve) => {
        const server = createServer();
        server.listen(0, '127.0.0.1', () => {
          const { port } = server.address() as AddressInfo;
          server.close(() => resolve(port));
        });
      }),
  );
  const issuer = `http://127.0.0.1:${probe}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: `${id}@oidc.test`, email_verified: true, name: `User ${id}` }),
    }),
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
  });
  // The development screens warn on every start; that is expected here.
  provider.on('server_error', () => {});
  const server: Server = provider.listen(probe, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies LocalProvider;
}
