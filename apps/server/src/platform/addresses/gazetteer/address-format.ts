import type { Language } from '@cutout/contracts';
import type { Settlement } from '../addresses.port.ts';
import type { Building } from './street-and-building.ts';

/** Words that make a Russian street's own type; a Cyrillic street without one gets the generic "ул.". */
const streetTypes = new Set(
  [
    'проспект пр пр-т просп переулок пер шоссе ш бульвар б-р бул набережная наб площадь пл проезд пр-д',
    'тупик аллея линия квартал кв-л микрорайон мкр мкрн тракт спуск въезд',
  ]
    .join(' ')
    .split(' '),
);

/** The building in the language: ru "7А, к. 1, стр. 2", en "7A korp. 1 str. 2". */
export function formatBuilding(building: Building, language: Language): string {
  const korpus =
    building.korpus === null
      ? ''
      : language === 'ru'
        ? `, к. ${building.korpus}`
        : ` korp. ${building.korpus}`;
  const stroenie =
    building.stroenie === null
      ? ''
      : language === 'ru'
        ? `, стр. ${building.stroenie}`
        : ` str. ${building.stroenie}`;
  return `${building.house}${korpus}${stroenie}`;
}

/**
 * The street as shown: a Cyrillic street without its own type word gets the generic "ул." back
 * (ул. Тверская; проспект Мира stays); a street in any other script is shown as typed (Baker Street,
 * Tverskaya St, Calle de la Paz): its type is part of what was typed, and no rule could add one.
 */
export function formatStreet(street: string): string {
  if (!/\p{Script=Cyrillic}/u.test(street)) return street;
  const words = street
    .toLowerCase()
    .split(/[\s,]+/)
    .map((word) => word.replace(/\.$/, ''));
  return words.some((word) => streetTypes.has(word)) ? street : `ул. ${street}`;
}

/**
 * One line, in the language's convention:
 * - ru, large to small: [country, when not Russia], [region, when not the city itself], "г. city",
 *   [street], ["д. building"]: "Республика Татарстан, г. Казань, ул. Баумана, д. 12".
 * - en, small to large: ["building street"], city, [region, when not the city itself], country:
 *   "7 Tverskaya St, Moscow, Russia" (from "Tverskaya St 7, Moscow").
 */
export function formatAddress(input: {
  settlement: Settlement;
  street: string | null;
  building: string | null;
  language: Language;
}): string {
  const { settlement, language } = input;
  const street = input.street === null ? null : formatStreet(input.street);
  const region = settlement.region === settlement.name ? null : settlement.region;
  if (language === 'ru') {
    return [
      settlement.countryCode === 'RU' ? null : settlement.country,
      region,
      `г. ${settlement.name}`,
      street,
      input.building === null ? null : `д. ${input.building}`,
    ]
      .filter((part) => part !== null)
      .join(', ');
  }
  const house = [input.building, street].filter((part) => part !== null).join(' ');
  return [house === '' ? null : house, settlement.name, region, settlement.country]
    .filter((part) => part !== null)
    .join(', ');
}
