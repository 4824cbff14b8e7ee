import { CutoutApiError } from '@cutout/sdk';
import type { ConnectionFlags } from '../args.ts';
import { configPath, connectionFor, readConfig, removeConfig, writeConfig } from '../config.ts';
import { apiErrorOf } from '../processors/remote.ts';
import { UsageError } from '../usage-error.ts';
import { accountClient } from './account.ts';
import { readSecret } from './secret.ts';

/**
 * `cutout login`: checks a key against the service and saves it (with --server, when given) in the
 * config file, readable by the user alone.
 */
export async function loginCommand(args: { connection: ConnectionFlags }): Promise<number> {
  const apiKey = args.connection.apiKey?.trim() || (await readSecret('API key: '));
  if (!apiKey) throw new UsageError('no API key given (--api-key KEY, or type it when asked)');
  const connection = await connectionFor({ ...args.connection, apiKey });
  let litres: number;
  try {
    litres = (await accountClient(connection).account()).litres.total;
  } catch (err) {
    const error = apiErrorOf(err);
    const refused = err instanceof CutoutApiError && err.status === 403;
    process.stderr.write(
      `cutout: ${refused ? 'the key was refused' : `${connection.server} did not answer`}: ${error.detail || error.title}\n`,
    );
    return 1;
  }
  const file = configPath();
  const saved = await readConfig(file).catch(() => ({}));
  await writeConfig(file, {
    ...saved,
    apiKey,
    ...(args.connection.server && { server: args.connection.server }),
  });
  process.stdout.write(
    `Logged in to ${connection.server}: ${litres} ${litres === 1 ? 'litre' : 'litres'}. Key saved in ${file}.\n`,
  );
  return 0;
}

/** `cutout logout`: removes the config file. */
export async function logoutCommand(): Promise<number> {
  const file = configPath();
  const removed = await removeConfig(file);
  process.stdout.write(removed ? `Logged out: removed ${file}.\n` : `Not logged in (no ${file}).\n`);
  return 0;
}
