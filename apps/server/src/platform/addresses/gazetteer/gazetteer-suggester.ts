import type { Language } from '@cutout/contracts';
import type { AddressSuggester, AddressSuggestion, Settlement } from '../addresses.port.ts';
import { formatAddress, formatBuilding } from './address-format.ts';
import { countries, type GazetteerRecord, gazetteer } from './gazetteer-data.ts';
import { clampCount, maxQueryLength, normalize } from './normalize.ts';
import { findSettlementMention } from './settlement-in-query.ts';
import { byPopulation, createSettlementIndex, toSettlement } from './settlement-index.ts';
import { parseStreetAndBuilding } from './street-and-building.ts';

const defaultIds: Record<Language, string> = { ru: 'ru-moskva', en: 'gb-london' };

/**
 * The built-in address suggester: settlements from the typed-in gazetteer, street and house parsed
 * from the query as typed (no street register: any street is accepted). Rules: README.md.
 */
export function createGazetteerSuggester(records: readonly GazetteerRecord[] = gazetteer): AddressSuggester {
  const index = createSettlementIndex(records);

  const settlementOnly = (record: GazetteerRecord, language: Language): AddressSuggestion => {
    const settlement = toSettlement(record, language);
    return {
      value: formatAddress({ settlement, street: null, building: null, language }),
      settlement,
      street: null,
      building: null,
    };
  };

  return {
    async suggestSettlements({ query, language, count, countryCode }) {
      const found = index.search({ query: query.slice(0, maxQueryLength), countryCode });
      return found.slice(0, clampCount(count)).map((record) => toSettlement(record, language));
    },

    async suggestAddresses({ query, language, count, settlementId }) {
      const text = query.slice(0, maxQueryLength);
      const limit = clampCount(count);
      if (normalize(text) === '') return [];
      const chosen = settlementId === undefined ? undefined : index.byId(settlementId);
      if (settlementId !== undefined && !chosen) return [];

      const mention = findSettlementMention({ query: text, index, onlyId: chosen?.id });
      if (chosen && !mention) {
        // The buyer picked one settlement and surely names another: nothing there matches.
        const other = findSettlementMention({ query: text, index });
        if (other?.certain) return [];
      }
      if (!chosen && !mention) {
        return index
          .search({ query: text })
          .slice(0, limit)
          .map((record) => settlementOnly(record, language));
      }

      const rest = mention ? `${text.slice(0, mention.start)},${text.slice(mention.end)}` : text;
      const records = mention ? mention.records.toSorted(byPopulation) : [chosen!];
      const parts = remainingParts(rest, records[0]!);
      if (parts.length === 0) {
        const alike = chosen ? [chosen] : index.search({ query: text });
        return alike.slice(0, limit).map((record) => settlementOnly(record, language));
      }

      const { street, building } = parseStreetAndBuilding(parts);
      return records.slice(0, limit).map((record) => {
        const settlement = toSettlement(record, language);
        const shownBuilding = building === null ? null : formatBuilding(building, language);
        return {
          value: formatAddress({ settlement, street, building: shownBuilding, language }),
          settlement,
          street,
          building: shownBuilding,
        };
      });
    },

    async settlementById(id, language) {
      const record = index.byId(id);
      return record ? toSettlement(record, language) : null;
    },

    async defaultSettlement(language): Promise<Settlement> {
      const record = index.byId(defaultIds[language]) ?? records[0];
      if (!record) throw new Error('gazetteer: no settlements');
      return toSettlement(record, language);
    },
  };
}

/**
 * The comma-separated parts left once the settlement is taken out, less those that only repeat its
 * country or region, or are a postal code (the checkout asks for it apart).
 */
function remainingParts(rest: string, record: GazetteerRecord): string[] {
  const country = countries[record.countryCode];
  const known = new Set(
    [record.region.en, record.region.ru, country?.en, country?.ru]
      .filter((name) => name !== undefined)
      .map(normalize),
  );
  return rest
    .split(/[,;]/)
    .map((part) =>
      part
        .replace(/^[\s.]+/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((part) => normalize(part) !== '' && !known.has(normalize(part)) && !/^\d{5,6}$/.test(part));
}
