import type { Language } from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import { countries, gazetteer } from './gazetteer-data.ts';
import { createGazetteerSuggester } from './gazetteer-suggester.ts';

const suggester = createGazetteerSuggester();
const settlementNames = async (query: string, language: Language, count = 5, countryCode?: string) =>
  (await suggester.suggestSettlements({ query, language, count, countryCode })).map((s) => s.name);

describe('gazetteer data', () => {
  it('has unique ids, both languages, a known country and sane coordinates for every record', () => {
    const ids = gazetteer.map((record) => record.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const record of gazetteer) {
      expect(record.id, record.id).toMatch(/^[a-z]{2}-[a-z0-9-]+$/);
      expect(record.id.slice(0, 2).toUpperCase(), record.id).toBe(record.countryCode);
      for (const text of [record.name.en, record.name.ru, record.region.en, record.region.ru]) {
        expect(text.trim(), record.id).not.toBe('');
      }
      expect(record.name.ru, record.id).toMatch(/\p{Script=Cyrillic}/u);
      expect(record.name.en, record.id).not.toMatch(/\p{Script=Cyrillic}/u);
      expect(countries[record.countryCode], record.id).toBeDefined();
      expect(Math.abs(record.latitude), record.id).toBeLessThanOrEqual(90);
      expect(Math.abs(record.longitude), record.id).toBeLessThanOrEqual(180);
      if (record.population !== null) expect(record.population, record.id).toBeGreaterThan(0);
    }
  });

  it('holds at least 120 Russian settlements and 100 elsewhere', () => {
    expect(gazetteer.filter((record) => record.countryCode === 'RU').length).toBeGreaterThanOrEqual(120);
    expect(gazetteer.filter((record) => record.countryCode !== 'RU').length).toBeGreaterThanOrEqual(100);
  });
});

describe('suggestSettlements', () => {
  it.each<[string, Language, string]>([
    ['моск', 'ru', 'Москва'],
    ['Mosc', 'en', 'Moscow'],
    ['казань', 'ru', 'Казань'],
    ['kaz', 'en', 'Kazan'],
    ['санкт', 'ru', 'Санкт-Петербург'],
    ['петербург', 'ru', 'Санкт-Петербург'],
    ['Питер', 'ru', 'Санкт-Петербург'],
    ['спб', 'en', 'Saint Petersburg'],
    ['ЕКБ', 'ru', 'Екатеринбург'],
    ['ekb', 'en', 'Yekaterinburg'],
    ['nyc', 'ru', 'Нью-Йорк'],
    ['york', 'en', 'New York'],
    ['орел', 'ru', 'Орёл'],
    ['королев', 'ru', 'Королёв'],
    ['Moskva', 'ru', 'Москва'],
    ['лондон', 'en', 'London'],
    ['sao paulo', 'en', 'São Paulo'],
    ['  нижний   новгород!', 'ru', 'Нижний Новгород'],
    ['kiev', 'en', 'Kyiv'],
  ])('%s (%s) suggests %s first', async (query, language, first) => {
    expect((await settlementNames(query, language))[0]).toBe(first);
  });

  it('ranks an exact name before a longer name it begins', async () => {
    expect(await settlementNames('омск', 'ru', 2)).toEqual(['Омск']);
    expect((await settlementNames('орск', 'ru'))[0]).toBe('Орск');
  });

  it('ranks a prefix of the whole name before a prefix of a later word', async () => {
    // "новгород" begins Нижний Новгород's second word only, and Великий Новгород's alias.
    expect(await settlementNames('новгор', 'ru', 3)).toEqual(['Великий Новгород', 'Нижний Новгород']);
  });

  it('ranks equal prefixes by population', async () => {
    expect(await settlementNames('нов', 'ru', 4)).toEqual([
      'Новосибирск',
      'Новокузнецк',
      'Новороссийск',
      'Великий Новгород',
    ]);
    expect(await settlementNames('сам', 'ru', 2)).toEqual(['Самара', 'Самарканд']);
  });

  it('answers in the asked language', async () => {
    const [ru] = await suggester.suggestSettlements({ query: 'Kazan', language: 'ru', count: 1 });
    expect(ru).toMatchObject({
      id: 'ru-kazan',
      name: 'Казань',
      region: 'Республика Татарстан',
      country: 'Россия',
    });
    const [en] = await suggester.suggestSettlements({ query: 'Казань', language: 'en', count: 1 });
    expect(en).toMatchObject({
      name: 'Kazan',
      region: 'Republic of Tatarstan',
      country: 'Russia',
      countryCode: 'RU',
    });
  });

  it('filters by country code in any case', async () => {
    expect(await settlementNames('сан', 'ru', 5, 'us')).toEqual(['Сан-Диего', 'Сан-Франциско']);
    expect(await settlementNames('моск', 'ru', 5, 'GB')).toEqual([]);
  });

  it.each([
    ['', 5],
    ['   ', 5],
    ['!!!', 5],
    ['zzzzqx', 5],
    ['Атлантида', 5],
  ])('answers [] for %j', async (query, count) => {
    expect(await settlementNames(query, 'ru', count)).toEqual([]);
  });

  it.each([
    [0, 1],
    [-3, 1],
    [3, 3],
    [1000, 20],
    [Number.NaN, 1],
  ])('clamps count %d to %d', async (count, size) => {
    expect(await settlementNames('а', 'ru', count)).toHaveLength(size);
  });

  it('cuts a query at 200 characters', async () => {
    expect(await settlementNames(`москва${' '.repeat(200)}zzz`, 'ru')).toEqual(['Москва']);
  });
});
