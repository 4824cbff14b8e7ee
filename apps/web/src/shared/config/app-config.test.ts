import { afterEach, describe, expect, it } from 'vitest';
import { readAppConfig } from './app-config.ts';

function writeConfig(text: string, attributes: { type?: string; tag?: string } = {}) {
  const element = document.createElement(attributes.tag ?? 'script');
  element.id = 'app-config';
  element.setAttribute('type', attributes.type ?? 'application/json');
  element.textContent = text;
  document.head.append(element);
}

afterEach(() => {
  document.getElementById('app-config')?.remove();
});

describe('readAppConfig', () => {
  it('reads the JSON data block the server writes into the page', () => {
    writeConfig('{"analyticsCounterId":"12345"}');
    expect(readAppConfig()).toEqual({ analyticsCounterId: '12345' });
  });

  it('reads a counter id given as a number', () => {
    writeConfig('{"analyticsCounterId":678}');
    expect(readAppConfig()).toEqual({ analyticsCounterId: '678' });
  });

  it('has the defaults when the block is absent, as in development', () => {
    expect(readAppConfig()).toEqual({ analyticsCounterId: null });
    expect(readAppConfig(undefined)).toEqual({ analyticsCounterId: null });
  });

  it.each([
    ['malformed JSON', '{"analyticsCounterId":'],
    ['an empty block', ''],
    ['JSON that is not an object', '"12345"'],
    ['no counter', '{"analyticsCounterId":null}'],
    ['a counter that is not a number', '{"analyticsCounterId":"<script>"}'],
    ['a negative counter', '{"analyticsCounterId":-5}'],
  ])('has the defaults for %s', (_what, text) => {
    writeConfig(text);
    expect(readAppConfig()).toEqual({ analyticsCounterId: null });
  });

  it('ignores an element with the id that is not a JSON data block', () => {
    writeConfig('{"analyticsCounterId":"12345"}', { type: 'text/plain' });
    expect(readAppConfig()).toEqual({ analyticsCounterId: null });
    document.getElementById('app-config')?.remove();
    writeConfig('{"analyticsCounterId":"12345"}', { tag: 'div' });
    expect(readAppConfig()).toEqual({ analyticsCounterId: null });
  });

  it('no longer reads window.__APP_CONFIG__', () => {
    (window as { __APP_CONFIG__?: unknown }).__APP_CONFIG__ = { analyticsCounterId: '12345' };
    try {
      expect(readAppConfig()).toEqual({ analyticsCounterId: null });
    } finally {
      delete (window as { __APP_CONFIG__?: unknown }).__APP_CONFIG__;
    }
  });
});
