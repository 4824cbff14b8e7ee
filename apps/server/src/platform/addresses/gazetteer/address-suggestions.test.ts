import type { Language } from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import { createGazetteerSuggester } from './gazetteer-suggester.ts';

const suggester = createGazetteerSuggester();
const first = async (query: string, language: Language, settlementId?: string) =>
  (await suggester.suggestAddresses({ query, language, count: 5, settlementId }))[0];

describe('suggestAddresses', () => {
  it.each<[string, Language, string, string | null, string | null, string]>([
    ['Москва, Тверская 7', 'ru', 'ru-moskva', 'Тверская', '7', 'г. Москва, ул. Тверская, д. 7'],
    ['Tverskaya St 7, Moscow', 'en', 'ru-moskva', 'Tverskaya St', '7', '7 Tverskaya St, Moscow, Russia'],
    [
      'г. Казань ул. Баумана д. 12',
      'ru',
      'ru-kazan',
      'Баумана',
      '12',
      'Республика Татарстан, г. Казань, ул. Баумана, д. 12',
    ],
    [
      'город Казань, улица Баумана, дом 12',
      'en',
      'ru-kazan',
      'Баумана',
      '12',
      '12 ул. Баумана, Kazan, Republic of Tatarstan, Russia',
    ],
    [
      'Москва, ул. Льва Толстого, д. 16, корпус 2',
      'ru',
      'ru-moskva',
      'Льва Толстого',
      '16, к. 2',
      'г. Москва, ул. Льва Толстого, д. 16, к. 2',
    ],
    [
      'Москва, Ленинский пр-т 32А к1',
      'ru',
      'ru-moskva',
      'Ленинский пр-т',
      '32А, к. 1',
      'г. Москва, Ленинский пр-т, д. 32А, к. 1',
    ],
    [
      'Москва, Варшавское шоссе 9 стр. 1',
      'ru',
      'ru-moskva',
      'Варшавское шоссе',
      '9, стр. 1',
      'г. Москва, Варшавское шоссе, д. 9, стр. 1',
    ],
    [
      'Moscow, Varshavskoye shosse 9 k2 str 3',
      'en',
      'ru-moskva',
      'Varshavskoye shosse',
      '9 korp. 2 str. 3',
      '9 korp. 2 str. 3 Varshavskoye shosse, Moscow, Russia',
    ],
    [
      'Россия, 101000, г. Москва, Мясницкая ул., д. 5/2',
      'ru',
      'ru-moskva',
      'Мясницкая',
      '5/2',
      'г. Москва, ул. Мясницкая, д. 5/2',
    ],
    [
      'Питер, Невский проспект 28',
      'ru',
      'ru-sankt-peterburg',
      'Невский проспект',
      '28',
      'г. Санкт-Петербург, Невский проспект, д. 28',
    ],
    [
      'Екб, Ленина 5, кв. 7',
      'ru',
      'ru-ekaterinburg',
      'Ленина',
      '5',
      'Свердловская область, г. Екатеринбург, ул. Ленина, д. 5',
    ],
    [
      'Ростов-на-Дону, Большая Садовая 10',
      'ru',
      'ru-rostov-na-donu',
      'Большая Садовая',
      '10',
      'Ростовская область, г. Ростов-на-Дону, ул. Большая Садовая, д. 10',
    ],
    [
      '221B Baker Street, London',
      'en',
      'gb-london',
      'Baker Street',
      '221B',
      '221B Baker Street, London, England, United Kingdom',
    ],
    [
      'Calle de la Paz 5, Madrid',
      'en',
      'es-madrid',
      'Calle de la Paz',
      '5',
      '5 Calle de la Paz, Madrid, Community of Madrid, Spain',
    ],
    [
      'Минск, пр. Независимости 4',
      'ru',
      'by-minsk',
      'пр. Независимости',
      '4',
      'Беларусь, г. Минск, пр. Независимости, д. 4',
    ],
    ['Москва, Тверская', 'ru', 'ru-moskva', 'Тверская', null, 'г. Москва, ул. Тверская'],
    ['москва,   ул.  8 Марта ', 'ru', 'ru-moskva', '8 Марта', null, 'г. Москва, ул. 8 Марта'],
  ])('%s (%s)', async (query, language, settlementId, street, building, value) => {
    const suggestion = await first(query, language);
    expect(suggestion).toMatchObject({ street, building, value, settlement: { id: settlementId } });
  });

  it('answers settlement-only suggestions when the query is only a settlement', async () => {
    expect(await suggester.suggestAddresses({ query: 'Моск', language: 'ru', count: 5 })).toEqual([
      expect.objectContaining({ value: 'г. Москва', street: null, building: null }),
    ]);
    const [kazan] = await suggester.suggestAddresses({ query: 'kazan', language: 'en', count: 5 });
    expect(kazan?.value).toBe('Kazan, Republic of Tatarstan, Russia');
  });

  it('answers [] for a street with no settlement, an unknown place and an empty query', async () => {
    for (const query of ['Тверская 7', 'Атлантида, ул. Морская 1', '', '  \n ']) {
      expect(await suggester.suggestAddresses({ query, language: 'ru', count: 5 }), query).toEqual([]);
    }
  });

  it('keeps to the settlement given by id', async () => {
    expect(await first('Баумана 12', 'ru', 'ru-kazan')).toMatchObject({
      value: 'Республика Татарстан, г. Казань, ул. Баумана, д. 12',
      settlement: { id: 'ru-kazan' },
    });
    expect(await first('Казань, Баумана 12', 'ru', 'ru-kazan')).toMatchObject({
      street: 'Баумана',
      building: '12',
    });
    // Without a settlement of its own, the whole query is the street in the settlement given.
    expect(await first('Тверская 7', 'ru', 'ru-kazan')).toMatchObject({ settlement: { id: 'ru-kazan' } });
    expect(
      await suggester.suggestAddresses({
        query: 'г. Москва, Тверская 7',
        language: 'ru',
        count: 5,
        settlementId: 'ru-kazan',
      }),
    ).toEqual([]);
    expect(
      await suggester.suggestAddresses({
        query: 'Тверская 7',
        language: 'ru',
        count: 5,
        settlementId: 'xx-nowhere',
      }),
    ).toEqual([]);
  });

  it('does not take a short alias inside a street for a city', async () => {
    // "la" is an alias of Los Angeles, but not as a word inside a street name.
    expect(await first('Calle de la Paz 5, Madrid', 'en')).toMatchObject({ settlement: { id: 'es-madrid' } });
    expect(await first('LA, Sunset Boulevard 100', 'en')).toMatchObject({
      settlement: { id: 'us-los-angeles' },
    });
  });

  it('clamps count and cuts long queries', async () => {
    expect(await suggester.suggestAddresses({ query: 'а', language: 'ru', count: 100 })).toHaveLength(20);
    expect(await suggester.suggestAddresses({ query: 'а', language: 'ru', count: 0 })).toHaveLength(1);
    const long = `Москва, Тверская 7${' '.repeat(190)}Казань`;
    expect(await first(long, 'ru')).toMatchObject({ settlement: { id: 'ru-moskva' }, building: '7' });
  });
});

describe('settlementById and defaultSettlement', () => {
  it.each<[Language, string, string]>([
    ['ru', 'ru-moskva', 'Москва'],
    ['en', 'gb-london', 'London'],
  ])('defaults %s to %s', async (language, id, name) => {
    expect(await suggester.defaultSettlement(language)).toMatchObject({ id, name });
  });

  it('finds a settlement by id in the language, and null for an unknown id', async () => {
    expect(await suggester.settlementById('us-new-york', 'ru')).toMatchObject({
      name: 'Нью-Йорк',
      country: 'США',
    });
    expect(await suggester.settlementById('ru-atlantida', 'en')).toBeNull();
  });
});
