import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, startupWarnings } from './config.ts';

describe('configuration', () => {
  it('works with nothing set: port 3000, PGlite in ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.filesDir).toBe(path.resolve('./data/files'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.analyticsCounterId).toBeUndefined();
  });

  it('reads the variables it knows', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/srv/cutout',
      DATABASE_URL: 'postgres://u@db:5432/cutout',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/srv/cutout',
      filesDir: '/srv/cutout/files',
      trustProxy: true,
    });
    expect(loadConfig({ FILES_DIR: '/mnt/files' }).filesDir).toBe('/mnt/files');
    expect(config.databaseUrl).toBe('postgres://u@db:5432/cutout');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('lists every bad value with its name', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toMatch(/PORT="abc"/);
      expect(message).toMatch(/DATABASE_URL="mysql:\/\/x": must be a postgres/);
      expect(message).toMatch(/LOG_LEVEL="loud"/);
    }
  });

  it('keeps the outbox page off unless in development or asked for', () => {
    expect(loadConfig({}).outboxPage).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).outboxPage).toBe(true);
    expect(loadConfig({ OUTBOX_PAGE: 'true' }).outboxPage).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', OUTBOX_PAGE: 'false' }).outboxPage).toBe(false);
  });

  it('takes the site origins from PUBLIC_URL, or loopback on PORT when it is unset', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://cutout.example/' })).toMatchObject({
      siteOrigins: ['https://cutout.example'],
      siteUrl: 'https://cutout.example',
    });
    expect(loadConfig({ PORT: '4000' })).toMatchObject({
      siteOrigins: ['http://localhost:4000', 'http://127.0.0.1:4000', 'http://[::1]:4000'],
      siteUrl: 'http://localhost:4000',
    });
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://cutout.example' })).toThrow(/PUBLIC_URL/);
  });

  it('warns at a production start about what is missing, naming the variable', () => {
    const warnings = startupWarnings(loadConfig({ OUTBOX_PAGE: 'true' }));
    expect(warnings.join('\n')).toMatch(/PUBLIC_URL is not set/);
    expect(warnings.join('\n')).toMatch(/SMTP_URL is not set: no mail or SMS is delivered/);
    expect(warnings.join('\n')).toMatch(/OUTBOX_PAGE is on/);
    expect(
      startupWarnings(loadConfig({ PUBLIC_URL: 'https://cutout.example', SMTP_URL: 'smtp://mail:25' })),
    ).toEqual([]);
    expect(startupWarnings(loadConfig({ NODE_ENV: 'development' }))).toEqual([]);
  });
});
