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

  it("reads the engine's memory budget: auto by default, one of four", () => {
    expect(loadConfig({}).engineMemory).toBe('auto');
    for (const budget of ['lean', 'fast', 'max', 'auto'])
      expect(loadConfig({ ENGINE_MEMORY: budget }).engineMemory).toBe(budget);
    expect(() => loadConfig({ ENGINE_MEMORY: 'huge' })).toThrow(/ENGINE_MEMORY/);
  });

  it('reads the scale-out settings: Redis, S3 and the pool size, all off by default', () => {
    expect(loadConfig({})).toMatchObject({ redisUrl: undefined, s3: null, databasePoolSize: 10 });
    const config = loadConfig({
      REDIS_URL: 'redis://redis:6379/0',
      DATABASE_POOL_SIZE: '25',
      S3_BUCKET: 'cutout-files',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'prod/',
    });
    expect(config).toMatchObject({ redisUrl: 'redis://redis:6379/0', databasePoolSize: 25 });
    expect(config.queue).toEqual({ prefix: 'cutout', lockMs: 30_000, timeoutMs: 120_000 });
    expect(loadConfig({ QUEUE_PREFIX: 'shop-2', QUEUE_LOCK_MS: '5000' }).queue).toMatchObject({
      prefix: 'shop-2',
      lockMs: 5000,
    });
    expect(() => loadConfig({ QUEUE_PREFIX: 'a b' })).toThrow(/QUEUE_PREFIX/);
    expect(config.s3).toEqual({
      bucket: 'cutout-files',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      prefix: 'prod/',
      forcePathStyle: true,
    });
    expect(() => loadConfig({ S3_BUCKET: 'cutout-files' })).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET: required/);
    expect(() => loadConfig({ REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL.*redis:\/\//);
    expect(() =>
      loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_PREFIX: '../x' }),
    ).toThrow(/S3_PREFIX/);
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
