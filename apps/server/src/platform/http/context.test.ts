import { describe, expect, it } from 'vitest';
import { preferredLanguage } from './context.ts';

describe('the language of an Accept-Language header', () => {
  it.each([
    ['ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7', 'ru'],
    ['en;q=0.1, ru;q=0.9', 'ru'],
    ['de-DE,ru;q=0.5', 'ru'],
    ['de-DE,fr;q=0.9', undefined],
    ['en-GB, ru', 'en'],
    ['ru;q=0, en;q=0.2', 'en'],
    ['RU', 'ru'],
    ['ru;q=abc, en;q=0.3', 'en'],
    ['*', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, language) => {
    expect(preferredLanguage(header)).toBe(language);
  });
});
