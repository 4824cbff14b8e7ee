import { chmod, mkdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ConnectionFlags } from './args.ts';
import { writeAtomic } from './outputs.ts';
import { UsageError } from './usage-error.ts';

/** What `cutout login` saves. */
export interface StoredConfig {
  apiKey?: string;
  server?: string;
}

export const defaultServer = 'http://localhost:3000';

type Env = Record<string, string | undefined>;

/** $CUTOUT_CONFIG, else $XDG_CONFIG_HOME/cutout/config.json, else ~/.config/cutout/config.json. */
export function configPath(env: Env = process.env): string {
  if (env.CUTOUT_CONFIG) return path.resolve(env.CUTOUT_CONFIG);
  const base = env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(base, 'cutout', 'config.json');
}

/** The saved configuration; empty when there is none. */
export async function readConfig(file: string): Promise<StoredConfig> {
  const text = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (text === null) return {};
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const config: StoredConfig = {};
    if (typeof parsed.apiKey === 'string') config.apiKey = parsed.apiKey;
    if (typeof parsed.server === 'string') config.server = parsed.server;
    return config;
  } catch {
    throw new UsageError(`${file} is not valid JSON: fix it or run 'cutout logout'`);
  }
}

/** Saves the configuration readable by its owner alone (the folder 0700, the file 0600). */
export async function writeConfig(file: string, config: StoredConfig): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeAtomic(file, `${JSON.stringify(config, null, 2)}\n`, 0o600);
  // The umask may have taken bits off at creation; an existing file kept its old mode before the rename.
  await chmod(file, 0o600);
}

/** Deletes the saved configuration; answers whether there was one. */
export async function removeConfig(file: string): Promise<boolean> {
  const existed = await readFile(file).then(
    () => true,
    () => false,
  );
  await rm(file, { force: true });
  return existed;
}

/** The key and the service a command uses. */
export interface Connection {
  apiKey?: string;
  /** Where the key came from, for messages. */
  apiKeySource?: 'flag' | 'env' | 'config';
  server: string;
  /** The API's base URL: the server with /api/v1 (unless it names an API path already). */
  baseUrl: string;
}

/** Flags first, then CUTOUT_API_KEY / CUTOUT_SERVER, then the saved configuration, then the default. */
export function resolveConnection(flags: ConnectionFlags, env: Env, config: StoredConfig): Connection {
  const server = flags.server || env.CUTOUT_SERVER || config.server || defaultServer;
  const connection: Connection = { server, baseUrl: apiBaseUrl(server) };
  const keys = [
    ['flag', flags.apiKey],
    ['env', env.CUTOUT_API_KEY],
    ['config', config.apiKey],
  ] as const;
  const found = keys.find(([, key]) => key?.trim());
  if (found) {
    connection.apiKey = found[1]?.trim();
    connection.apiKeySource = found[0];
  }
  return connection;
}

/** `http://host:3000` → `http://host:3000/api/v1`; a URL already ending in /api/v1, /api/v1.0 or /v1.0 is kept. */
export function apiBaseUrl(server: string): string {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw new UsageError(`--server must be a URL such as http://localhost:3000, not "${server}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--server must be an http or https URL, not "${server}"`);
  const trimmed = url.toString().replace(/\/+$/, '');
  return /\/(api\/)?v1(\.0)?$/.test(url.pathname.replace(/\/+$/, '')) ? trimmed : `${trimmed}/api/v1`;
}

/** Resolves the connection of a command from its flags, the environment and the config file. */
export async function connectionFor(flags: ConnectionFlags, env: Env = process.env): Promise<Connection> {
  return resolveConnection(flags, env, await readConfig(configPath(env)));
}
