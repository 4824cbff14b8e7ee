import { storageKeys } from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import { browserLanguage, languageFromPath, preferredLanguage } from './languages.ts';

describe('languages', () => {
  it('maps the browser languages: ru* to ru, else en', () => {
    expect(browserLanguage(['ru-RU', 'en-US'])).toBe('ru');
    expect(browserLanguage(['ru'])).toBe('ru');
    expect(browserLanguage(['en-GB'])).toBe('en');
    expect(browserLanguage(['de-DE', 'fr'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('prefers the stored locale over the browser', () => {
    window.localStorage.setItem(storageKeys.localeId, 'ru');
    expect(preferredLanguage()).toBe('ru');
    window.localStorage.setItem(storageKeys.localeId, 'xx');
    expect(preferredLanguage()).toBe(browserLanguage());
  });

  it('reads the language segment of a path', () => {
    expect(languageFromPath('/ru/pricing')).toBe('ru');
    expect(languageFromPath('/pricing')).toBeNull();
    expect(languageFromPath('/')).toBeNull();
  });
});
