import type { BatchArgs } from '../args.ts';
import { type Connection, connectionFor } from '../config.ts';
import { sizeNeedsKey } from '../options.ts';
import { UsageError } from '../usage-error.ts';
import { version } from '../version.ts';
import type { Processor } from './processor.ts';

/**
 * The processor a batch command asked for: the engine here with --local, else the service. A full
 * size without a key is a usage error before anything starts.
 */
export async function openProcessor(
  args: BatchArgs,
  env: Record<string, string | undefined> = process.env,
): Promise<{ processor: Processor; connection: Connection | null }> {
  if (args.local) {
    const { createLocalProcessor } = await import('./local.ts');
    return {
      processor: await createLocalProcessor({ settings: args.settings, workers: args.concurrency }),
      connection: null,
    };
  }
  const connection = await connectionFor(args.connection, env);
  if (!connection.apiKey && sizeNeedsKey(args.settings.size)) {
    throw new UsageError(
      `--size ${args.settings.size} costs a litre and needs an API key: give --api-key, set CUTOUT_API_KEY ` +
        `or run 'cutout login'; or use --size preview, or --local`,
    );
  }
  const { createRemoteProcessor } = await import('./remote.ts');
  const processor = await createRemoteProcessor({
    baseUrl: connection.baseUrl,
    settings: args.settings,
    userAgent: `cutout-cli/${version}`,
    ...(connection.apiKey && { apiKey: connection.apiKey }),
  });
  return { processor, connection };
}
