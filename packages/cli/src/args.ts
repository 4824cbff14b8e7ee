import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type RemovalSettings, settingsFrom } from './options.ts';
import { UsageError } from './usage-error.ts';

export const commandNames = ['remove', 'watch', 'account', 'login', 'logout'] as const;
export type CommandName = (typeof commandNames)[number];

/** Where the service is and who calls it, as flags gave them (the environment and config come later). */
export interface ConnectionFlags {
  apiKey?: string;
  server?: string;
}

/** What `remove` and `watch` share. */
export interface BatchArgs {
  out: string;
  concurrency: number;
  overwrite: boolean;
  report?: string;
  local: boolean;
  quiet: boolean;
  settings: RemovalSettings;
  connection: ConnectionFlags;
}

export type CommandLine =
  | { command: 'help'; topic?: CommandName }
  | { command: 'version' }
  | ({ command: 'remove'; inputs: string[] } & BatchArgs)
  | ({ command: 'watch'; dir: string; intervalMs: number; settleMs: number } & BatchArgs)
  | { command: 'account'; json: boolean; connection: ConnectionFlags }
  | { command: 'login'; connection: ConnectionFlags }
  | { command: 'logout' };

type Options = NonNullable<ParseArgsConfig['options']>;

const connectionOptions = {
  'api-key': { type: 'string' },
  server: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} satisfies Options;

const removalOptions = {
  size: { type: 'string' },
  type: { type: 'string' },
  'type-level': { type: 'string' },
  format: { type: 'string' },
  'bg-color': { type: 'string' },
  'bg-image': { type: 'string' },
  crop: { type: 'boolean' },
  'crop-margin': { type: 'string' },
  scale: { type: 'string' },
  position: { type: 'string' },
  roi: { type: 'string' },
  channels: { type: 'string' },
  'add-shadow': { type: 'boolean' },
  semitransparency: { type: 'boolean' },
  'no-semitransparency': { type: 'boolean' },
} satisfies Options;

const batchOptions = {
  ...connectionOptions,
  ...removalOptions,
  out: { type: 'string', short: 'o' },
  concurrency: { type: 'string', short: 'c' },
  overwrite: { type: 'boolean' },
  report: { type: 'string' },
  local: { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
} satisfies Options;

const watchOptions = {
  ...batchOptions,
  interval: { type: 'string' },
  settle: { type: 'string' },
} satisfies Options;

/** Reads the command line (without node and the script); throws UsageError for anything wrong. */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h') return { command: 'help' };
  if (first === 'help') return { command: 'help', topic: commandOf(rest[0]) };
  if (first === '--version' || first === '-V') return { command: 'version' };
  const command = commandOf(first);
  if (!command) throw new UsageError(`unknown command "${first}"`);
  if (rest.includes('--help') || rest.includes('-h')) return { command: 'help', topic: command };

  switch (command) {
    case 'remove': {
      const { values, positionals } = parse(rest, batchOptions);
      if (positionals.length === 0) throw new UsageError('no input: name files, folders or globs');
      return { command, inputs: positionals, ...batchArgs(values) };
    }
    case 'watch': {
      const { values, positionals } = parse(rest, watchOptions);
      const [dir, ...extra] = positionals;
      if (!dir) throw new UsageError('no folder to watch');
      if (extra.length > 0) throw new UsageError('watch takes one folder');
      return {
        command,
        dir,
        intervalMs: seconds('--interval', values.interval, 5) * 1000,
        settleMs: seconds('--settle', values.settle, 1) * 1000,
        ...batchArgs(values),
      };
    }
    case 'account': {
      const { values } = parse(rest, { ...connectionOptions, json: { type: 'boolean' } }, false);
      return { command, json: values.json ?? false, connection: connectionOf(values) };
    }
    case 'login': {
      const { values } = parse(rest, connectionOptions, false);
      return { command, connection: connectionOf(values) };
    }
    case 'logout':
      parse(rest, { help: connectionOptions.help }, false);
      return { command };
  }
}

function commandOf(name: string | undefined): CommandName | undefined {
  return commandNames.find((command) => command === name);
}

function parse<T extends Options>(args: string[], options: T, positionals = true) {
  try {
    return parseArgs({ args, options, allowPositionals: positionals, strict: true });
  } catch (err) {
    // node's messages name the option and say what is wrong with it; drop the advice on '--' forms.
    throw new UsageError((err as Error).message.replace(/\. To specify a positional argument.*$/s, ''));
  }
}

type BatchValues = ReturnType<typeof parse<typeof batchOptions>>['values'];

function batchArgs(values: BatchValues): BatchArgs {
  if (!values.out) throw new UsageError('--out DIR is required: where the results go');
  const args: BatchArgs = {
    out: values.out,
    concurrency: integer('--concurrency', values.concurrency, 2, { min: 1, max: 64 }),
    overwrite: values.overwrite ?? false,
    local: values.local ?? false,
    quiet: values.quiet ?? false,
    settings: settingsFrom(values),
    connection: connectionOf(values),
  };
  if (values.report) args.report = values.report;
  return args;
}

function connectionOf(values: { 'api-key'?: string; server?: string }): ConnectionFlags {
  const connection: ConnectionFlags = {};
  if (values['api-key'] !== undefined) connection.apiKey = values['api-key'];
  if (values.server !== undefined) connection.server = values.server;
  return connection;
}

function integer(
  flag: string,
  value: string | undefined,
  fallback: number,
  range: { min: number; max: number },
) {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < range.min || n > range.max)
    throw new UsageError(`${flag} must be a whole number from ${range.min} to ${range.max}, not "${value}"`);
  return n;
}

function seconds(flag: string, value: string | undefined, fallback: number) {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || value.trim() === '')
    throw new UsageError(`${flag} must be a positive number of seconds, not "${value}"`);
  return n;
}
