import type { Language } from '@cutout/contracts';
import type { Settlement } from '../addresses.port.ts';
import { countries, type GazetteerRecord } from './gazetteer-data.ts';
import { normalize } from './normalize.ts';

/** How well a name matches what was typed; lower is better. */
export enum MatchTier {
  Exact = 0,
  NamePrefix = 1,
  WordPrefix = 2,
}

interface Key {
  text: string;
  /** An alias (Питер, NYC) rather than an official name in either language. */
  alias: boolean;
}

export interface SettlementIndex {
  byId(id: string): GazetteerRecord | undefined;
  /** Settlements whose name starts as typed (or a word of it does), best first. */
  search(input: { query: string; countryCode?: string }): GazetteerRecord[];
  /** Settlements whose normalised name or alias is exactly `key`, with how they matched. */
  exact(key: string): Array<{ record: GazetteerRecord; alias: boolean }>;
}

export function createSettlementIndex(records: readonly GazetteerRecord[]): SettlementIndex {
  const byId = new Map(records.map((record) => [record.id, record]));
  const keys = new Map(records.map((record) => [record, keysOf(record)]));
  const exact = new Map<string, Array<{ record: GazetteerRecord; alias: boolean }>>();
  for (const [record, recordKeys] of keys) {
    for (const key of recordKeys) {
      const found = exact.get(key.text) ?? [];
      if (!found.some((entry) => entry.record === record)) found.push({ record, alias: key.alias });
      exact.set(key.text, found);
    }
  }

  return {
    byId: (id) => byId.get(id),
    exact: (key) => exact.get(key) ?? [],
    search({ query, countryCode }) {
      const typed = normalize(query);
      if (typed === '') return [];
      const country = countryCode?.toUpperCase();
      const found: Array<{ record: GazetteerRecord; tier: MatchTier }> = [];
      for (const [record, recordKeys] of keys) {
        if (country && record.countryCode !== country) continue;
        const tier = bestTier(recordKeys, typed);
        if (tier !== null) found.push({ record, tier });
      }
      return found.sort((a, b) => a.tier - b.tier || byPopulation(a.record, b.record)).map((f) => f.record);
    },
  };
}

function keysOf(record: GazetteerRecord): Key[] {
  const names = [record.name.en, record.name.ru].map((text) => ({ text: normalize(text), alias: false }));
  const aliases = record.aliases.map((text) => ({ text: normalize(text), alias: true }));
  return [...names, ...aliases].filter((key) => key.text !== '');
}

function bestTier(keys: Key[], typed: string): MatchTier | null {
  let best: MatchTier | null = null;
  for (const { text } of keys) {
    const tier =
      text === typed
        ? MatchTier.Exact
        : text.startsWith(typed)
          ? MatchTier.NamePrefix
          : text.includes(` ${typed}`)
            ? MatchTier.WordPrefix
            : null;
    if (tier !== null && (best === null || tier < best)) best = tier;
  }
  return best;
}

/** Larger first; unknown populations last; then by English name, so the order is stable. */
export function byPopulation(a: GazetteerRecord, b: GazetteerRecord): number {
  return (b.population ?? -1) - (a.population ?? -1) || a.name.en.localeCompare(b.name.en);
}

/** The record as the port shows it, in the asked language. */
export function toSettlement(record: GazetteerRecord, language: Language): Settlement {
  const country = countries[record.countryCode];
  return {
    id: record.id,
    name: record.name[language],
    region: record.region[language],
    country: country ? country[language] : record.countryCode,
    countryCode: record.countryCode,
    latitude: record.latitude,
    longitude: record.longitude,
    population: record.population,
  };
}
