import { describe, expect, it } from 'vitest';
import { readAppConfig } from './app-config.ts';

describe('readAppConfig', () => {
  it('has no counter when the config is absent or malformed', () => {
    expect(readAppConfig(undefined)).toEqual({ analyticsCounterId: null });
    expect(readAppConfig('nonsense')).toEqual({ analyticsCounterId: null });
    expect(readAppConfig({ analyticsCounterId: null })).toEqual({ analyticsCounterId: null });
    expect(readAppConfig({ analyticsCounterId: '<script>' })).toEqual({ analyticsCounterId: null });
  });

  it('reads a counter id given as a string or a number', () => {
    expect(readAppConfig({ analyticsCounterId: '12345' })).toEqual({ analyticsCounterId: '12345' });
    expect(readAppConfig({ analyticsCounterId: 678 })).toEqual({ analyticsCounterId: '678' });
  });
});
