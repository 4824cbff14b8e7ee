import { describe, expect, it } from 'vitest';
import { errorMessage, messageCatalogues, waitText } from './error-messages.ts';

describe('error messages', () => {
  it.each([
    [1, 'en', '1 s'],
    [0.2, 'en', '1 s'],
    [119, 'en', '119 s'],
    [120, 'en', '2 min'],
    [3_219, 'en', '54 min'],
    [3_219, 'ru', '54 мин'],
    [7_199, 'ru', '120 мин'],
    [7_200, 'ru', '2 ч'],
    [86_400, 'en', '24 h'],
    [45, 'ru', '45 с'],
  ] as const)('waits %d s as "%s" in %s', (seconds, language, text) => {
    expect(waitText(seconds, language)).toBe(text);
  });

  it("says how long a rate limit lasts as people say it, in the user's language", () => {
    expect(errorMessage('RATE_LIMITED', 'en', { seconds: 60 })).toBe('Too many requests. Try again in 60 s.');
    expect(errorMessage('RATE_LIMITED', 'en', { seconds: 3_219 })).toBe(
      'Too many requests. Try again in 54 min.',
    );
    expect(errorMessage('RATE_LIMITED', 'ru', { seconds: 3_219 })).toBe(
      'Слишком много запросов. Повторите через 54 мин.',
    );
    // A code that counts in seconds itself keeps them.
    expect(errorMessage('NEXT_REQUEST_NOT_YET', 'en', { seconds: 300 })).toBe(
      'You can request a new code in 300 s.',
    );
  });

  it('fills the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    for (const [code, english] of Object.entries(messageCatalogues.en)) {
      const russian = messageCatalogues.ru[code as keyof typeof messageCatalogues.ru];
      expect(placeholders(russian), code).toEqual(placeholders(english));
    }
  });
});
