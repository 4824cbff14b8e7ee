import { describe, expect, it } from 'vitest';
import catalogEn from './catalog/en.json';
import catalogRu from './catalog/ru.json';
import en from './en.json';
import { messages } from './index.ts';
import productEn from './product/en.json';
import productRu from './product/ru.json';
import ru from './ru.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [nested, text] of flatten(value, path)) entries.set(nested, text);
  }
  return entries;
}

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** Keys without their plural suffix: en has _one/_other where ru has _one/_few/_many/_other. */
function baseKeys(entries: Map<string, string>): Set<string> {
  return new Set([...entries.keys()].map((key) => key.replace(pluralSuffix, '')));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

const catalogues = { en: flatten(messages.en as Tree), ru: flatten(messages.ru as Tree) };

describe('locale files', () => {
  it('keep each screen file under its own key, which the app file does not use', () => {
    for (const [key, files] of Object.entries({
      catalog: [catalogEn, catalogRu],
      product: [productEn, productRu],
    })) {
      for (const file of files) expect(Object.keys(file)).toEqual([key]);
      expect(Object.keys(en)).not.toContain(key);
      expect(Object.keys(ru)).not.toContain(key);
    }
  });

  it('have the same keys in en and ru, both ways', () => {
    const enKeys = baseKeys(catalogues.en);
    const ruKeys = baseKeys(catalogues.ru);
    expect(
      [...enKeys].filter((key) => !ruKeys.has(key)),
      'missing in ru.json',
    ).toEqual([]);
    expect(
      [...ruKeys].filter((key) => !enKeys.has(key)),
      'missing in en.json',
    ).toEqual([]);
  });

  it('have no empty texts', () => {
    for (const [language, entries] of Object.entries(catalogues)) {
      const empty = [...entries].filter(([, text]) => text.trim() === '').map(([key]) => key);
      expect(empty, `empty texts in ${language}.json`).toEqual([]);
    }
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, text] of catalogues.en) {
      const base = key.replace(pluralSuffix, '');
      const ruText =
        catalogues.ru.get(key) ?? catalogues.ru.get(`${base}_other`) ?? catalogues.ru.get(base) ?? '';
      expect(placeholders(ruText), key).toEqual(placeholders(text));
    }
  });

  it('give every plural key all the plural forms of its language', () => {
    for (const [language, entries] of Object.entries(catalogues)) {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const plurals = new Set(
        [...entries.keys()]
          .filter((key) => pluralSuffix.test(key))
          .map((key) => key.replace(pluralSuffix, '')),
      );
      for (const base of plurals) {
        for (const category of categories)
          expect(entries.has(`${base}_${category}`), `${language}: ${base}_${category}`).toBe(true);
      }
    }
  });

  it('name the SPEC messages by their SPEC keys', () => {
    for (const key of [
      'core_unknown_error',
      'core_network_connection_failed',
      'core_locale_not_set',
      'core_currency_not_set',
    ]) {
      expect(catalogues.en.has(key), key).toBe(true);
    }
  });
});
