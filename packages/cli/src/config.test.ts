import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiBaseUrl,
  configPath,
  readConfig,
  removeConfig,
  resolveConnection,
  writeConfig,
} from './config.ts';

describe('config', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cutout-config-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('lives at CUTOUT_CONFIG, else under XDG_CONFIG_HOME, else ~/.config', () => {
    expect(configPath({ CUTOUT_CONFIG: '/etc/c.json', XDG_CONFIG_HOME: '/x' })).toBe('/etc/c.json');
    expect(configPath({ XDG_CONFIG_HOME: '/x' })).toBe('/x/cutout/config.json');
    expect(configPath({})).toBe(path.join(os.homedir(), '.config/cutout/config.json'));
  });

  it('is written for its owner alone, read back and removed', async () => {
    const file = path.join(dir, 'nested/config.json');
    expect(await readConfig(file)).toEqual({});
    await writeConfig(file, { apiKey: 'ck_x', server: 'http://s:1' });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect(await readConfig(file)).toEqual({ apiKey: 'ck_x', server: 'http://s:1' });
    expect(await removeConfig(file)).toBe(true);
    expect(await removeConfig(file)).toBe(false);
  });

  it('keeps 0600 when rewriting a file that was more open', async () => {
    const file = path.join(dir, 'open.json');
    await writeFile(file, '{}', { mode: 0o644 });
    await writeConfig(file, { apiKey: 'k' });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ apiKey: 'k' });
  });

  it('refuses a broken file with a usage error', async () => {
    const file = path.join(dir, 'broken.json');
    await writeFile(file, '{nope');
    await expect(readConfig(file)).rejects.toThrow(/not valid JSON/);
  });

  it('takes flags, then the environment, then the file, then the default', () => {
    const config = { apiKey: 'from-file', server: 'http://file:1' };
    expect(resolveConnection({}, {}, {})).toEqual({
      server: 'http://localhost:3000',
      baseUrl: 'http://localhost:3000/api/v1',
    });
    expect(resolveConnection({}, {}, config)).toMatchObject({ apiKey: 'from-file', apiKeySource: 'config' });
    expect(
      resolveConnection({}, { CUTOUT_API_KEY: 'env', CUTOUT_SERVER: 'http://env:2' }, config),
    ).toMatchObject({
      apiKey: 'env',
      apiKeySource: 'env',
      baseUrl: 'http://env:2/api/v1',
    });
    expect(
      resolveConnection({ apiKey: 'flag', server: 'http://flag:3' }, { CUTOUT_API_KEY: 'env' }, config),
    ).toMatchObject({
      apiKey: 'flag',
      apiKeySource: 'flag',
      server: 'http://flag:3',
    });
  });

  it('appends /api/v1 unless the URL names an API path', () => {
    expect(apiBaseUrl('http://localhost:3000')).toBe('http://localhost:3000/api/v1');
    expect(apiBaseUrl('http://localhost:3000/')).toBe('http://localhost:3000/api/v1');
    expect(apiBaseUrl('https://cut.example/prefix')).toBe('https://cut.example/prefix/api/v1');
    expect(apiBaseUrl('http://h/api/v1/')).toBe('http://h/api/v1');
    expect(apiBaseUrl('http://h/api/v1.0')).toBe('http://h/api/v1.0');
    expect(apiBaseUrl('http://h/v1.0')).toBe('http://h/v1.0');
    expect(() => apiBaseUrl('localhost:3000')).toThrow(/http or https/);
    expect(() => apiBaseUrl('not a url')).toThrow(/must be a URL/);
  });
});
