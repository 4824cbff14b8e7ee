/** The street and house a query names once its settlement is taken out. */
export interface StreetAndBuilding {
  /** As typed, whitespace normalised, without the generic Russian "ул."/"улица" marker. */
  street: string | null;
  building: Building | null;
}

/** A house number: "7", "7А", "12/2", with the Russian корпус and строение parts. */
export interface Building {
  house: string;
  korpus: string | null;
  stroenie: string | null;
}

const letter = '[a-zа-яё]';
/** The parts after a house number: "к1", "корп. 2", "стр 3", "k1", "str. 2". */
const partPattern = `(?:к|корп|корпус|k|korp|korpus|стр|строение|str|stroenie)\\.?\\s*\\d+${letter}?`;
/** A house at the end: an optional "д."/"дом"/"house"/"no."/"№", the number with letter and slash, parts. */
const trailingBuilding = new RegExp(
  `(?:^|\\s)(?:(?:д|дом|house|no|№)\\.?\\s*)?(\\d+(?:\\s*-?\\s*${letter}(?!${letter}))?(?:\\s*/\\s*\\d+${letter}?)?)((?:\\s*,?\\s*${partPattern})*)\\s*$`,
  'iu',
);
const partOf = new RegExp(
  `(к|корп|корпус|k|korp|korpus|стр|строение|str|stroenie)\\.?\\s*(\\d+${letter}?)`,
  'giu',
);
/** The English order: "7 Tverskaya St", "221B Baker Street". */
const leadingBuilding = new RegExp(`^(\\d+${letter}?(?:/\\d+${letter}?)?)\\s+(?=\\p{L})`, 'iu');
/** Flats and offices are not part of a suggestion: the checkout asks for them apart. */
const apartment = /(?:^|\s)(?:кв|квартира|оф|офис|apt|apartment|flat|suite)\.?\s*\d+\S*\s*$/iu;
/** "ул." is the default type of a Russian street, written back when shown; any other type is the street's own. */
const genericStreetPrefix = /^(?:ул|улица|ul|ulitsa)\.?\s+/iu;
const genericStreetSuffix = /\s+(?:ул|улица)\.?$/iu;

/**
 * Splits what is left of an address query (its settlement taken out) into street and building.
 * `parts` are the comma-separated pieces of it that are not the country, region or postal code.
 */
export function parseStreetAndBuilding(parts: readonly string[]): StreetAndBuilding {
  let text = parts.join(' ').replace(/\s+/g, ' ').trim();
  text = text.replace(apartment, '').trim();
  let building: Building | null = null;

  const trailing = text.match(trailingBuilding);
  if (trailing && trailing.index !== undefined) {
    building = toBuilding(trailing[1]!, trailing[2] ?? '');
    text = text.slice(0, trailing.index).trim();
  } else {
    const leading = text.match(leadingBuilding);
    // House first is the English order: only for a Latin-script street, never "8 Марта".
    if (leading && /^[\p{Script=Latin}\d\s.'-]+$/u.test(text.slice(leading[0].length))) {
      building = toBuilding(leading[1]!, '');
      text = text.slice(leading[0].length).trim();
    }
  }

  const street = text.replace(genericStreetPrefix, '').replace(genericStreetSuffix, '').trim();
  return { street: street === '' ? null : street, building };
}

function toBuilding(house: string, parts: string): Building {
  let korpus: string | null = null;
  let stroenie: string | null = null;
  for (const [, kind, value] of parts.matchAll(partOf)) {
    if (/^(к|k)/iu.test(kind!)) korpus = value!;
    else stroenie = value!;
  }
  return { house: house.replace(/\s+|-/g, ''), korpus, stroenie };
}
