import { type Language, languages } from '@cutout/contracts';
import { readItem, storageKeys } from '../storage/local-storage.ts';

export { type Language, languages };

export const defaultLanguage: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The app language for a browser language tag: ru* → ru, en* → en, anything else → null. */
export function languageFromTag(tag: string): Language | null {
  const primary = tag.toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

/** The first supported language of the browser's preference list, else English. */
export function browserLanguage(preferred: readonly string[] = navigatorLanguages()): Language {
  for (const tag of preferred) {
    const language = languageFromTag(tag);
    if (language) return language;
  }
  return defaultLanguage;
}

function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/**
 * The language to send a visitor to when the address names none: the stored locale's language
 * (locale ids are language codes), else the browser's.
 */
export function preferredLanguage(): Language {
  const stored = readItem(storageKeys.localeId);
  if (stored && isLanguage(stored)) return stored;
  return browserLanguage();
}

/** The language named by the first segment of a path, if it names one. */
export function languageFromPath(pathname: string): Language | null {
  const first = pathname.split('/')[1];
  return isLanguage(first) ? first : null;
}
