import { CutoutClient } from '@cutout/sdk';
import type { ConnectionFlags } from '../args.ts';
import { type Connection, connectionFor } from '../config.ts';
import { apiErrorOf } from '../processors/remote.ts';
import { UsageError } from '../usage-error.ts';
import { version } from '../version.ts';

/** A client for the account calls of a connection that must have a key. */
export function accountClient(connection: Connection): CutoutClient {
  if (!connection.apiKey)
    throw new UsageError("no API key: give --api-key, set CUTOUT_API_KEY or run 'cutout login'");
  return new CutoutClient({
    baseUrl: connection.baseUrl,
    apiKey: connection.apiKey,
    userAgent: `cutout-cli/${version}`,
    maxRetries: 1,
  });
}

/** `cutout account`: the balance, as text or JSON. */
export async function accountCommand(args: { json: boolean; connection: ConnectionFlags }): Promise<number> {
  const connection = await connectionFor(args.connection);
  const client = accountClient(connection);
  let account: Awaited<ReturnType<CutoutClient['account']>>;
  try {
    account = await client.account();
  } catch (err) {
    const error = apiErrorOf(err);
    process.stderr.write(`cutout: ${connection.server}: ${error.code}: ${error.detail || error.title}\n`);
    return 1;
  }
  if (args.json) {
    process.stdout.write(`${JSON.stringify(account, null, 2)}\n`);
    return 0;
  }
  const { litres, credits } = account;
  process.stdout.write(
    `Litres:  ${litres.total} (free ${litres.free}, paid ${litres.paid})\n` +
      `Credits: ${credits.total} (subscription ${credits.subscription}, pay as you go ${credits.payg}, ` +
      `of which free this month ${account.freeCalls})\n` +
      `Server:  ${connection.server}\n`,
  );
  return 0;
}
