import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test/cli.ts';
import { startServer, type TestServer } from '../test/server.ts';
import { standInEngine } from '../test/stand-in-engine.ts';

describe('cutout account, login and logout', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    server = await startServer({ engine: standInEngine().engine, email: 'account@example.com' });
    dir = await mkdtemp(path.join(os.tmpdir(), 'cutout-account-'));
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('prints the balance as text and as JSON', async () => {
    const env = { CUTOUT_SERVER: server.url, CUTOUT_API_KEY: server.key };
    const text = await runCli(['account'], { env });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^Litres: {2}5 \(free 5, paid 0\)$/m);
    expect(text.stdout).toMatch(
      /^Credits: 5 \(subscription 0, pay as you go 5, of which free this month 5\)$/m,
    );
    expect(text.stdout).toContain(`Server:  ${server.url}`);

    const json = await runCli(['account', '--json'], { env });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      credits: { total: 5, subscription: 0, payg: 5, enterprise: 0 },
      freeCalls: 5,
      litres: { total: 5, free: 5, paid: 0 },
    });
  });

  it('exits 2 without a key and 1 when the key is refused', async () => {
    const none = await runCli(['account'], { env: { CUTOUT_SERVER: server.url } });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no API key/);
    const wrong = await runCli(['account', '--api-key', 'ck_wrong', '--server', server.url]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/auth_failed: /);
  });

  it('logs in with a checked key (from --api-key or stdin), saved 0600 where CUTOUT_CONFIG says, and logs out', async () => {
    const config = path.join(dir, 'conf/cutout.json');
    const env = { CUTOUT_CONFIG: config };

    const refused = await runCli(['login', '--server', server.url], { env, input: 'ck_wrong\n' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/the key was refused/);
    await expect(stat(config)).rejects.toThrow();

    const login = await runCli(['login', '--server', server.url], { env, input: `${server.key}\n` });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toContain(`Logged in to ${server.url}: 5 litres. Key saved in ${config}.`);
    expect((await stat(config)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(config, 'utf8'))).toEqual({ apiKey: server.key, server: server.url });

    // The saved key and server are used without flags or environment.
    const account = await runCli(['account', '--json'], { env });
    expect(account.code, account.stderr).toBe(0);
    expect(JSON.parse(account.stdout).litres.total).toBe(5);

    const logout = await runCli(['logout'], { env });
    expect(logout).toMatchObject({ code: 0, stdout: `Logged out: removed ${config}.\n` });
    await expect(stat(config)).rejects.toThrow();
    expect((await runCli(['account'], { env })).code).toBe(2);

    const flag = await runCli(['login', '--api-key', server.key], {
      env: { ...env, CUTOUT_SERVER: server.url },
    });
    expect(flag.code).toBe(0);
    expect(JSON.parse(await readFile(config, 'utf8'))).toEqual({ apiKey: server.key });
  });

  it('honours XDG_CONFIG_HOME when CUTOUT_CONFIG is not set', async () => {
    const xdg = path.join(dir, 'xdg');
    const result = await runCli(['login', '--api-key', server.key, '--server', server.url], {
      env: { XDG_CONFIG_HOME: xdg, CUTOUT_CONFIG: '' },
    });
    expect(result.code, result.stderr).toBe(0);
    expect((await stat(path.join(xdg, 'cutout/config.json'))).mode & 0o777).toBe(0o600);
  });
});
