import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('works with nothing set: port 3000, PGlite in ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
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
    expect(config).toMatchObject({ port: 8080, dataDir: '/srv/cutout', trustProxy: true });
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
});
