import type { Language } from '@cutout/contracts';

/**
 * The port of address suggestions: what the checkout asks while a buyer types a delivery address or
 * picks a settlement. Adapters come as folders beside this file: `gazetteer/` (the built-in one, a
 * typed-in list of cities, no outside service); a real provider (DaData, a geocoder) is another
 * folder implementing the same interface. Every text in an answer is already in the asked language.
 *
 * No match is an answer (an empty list, `null`), not an error; faults (a provider that is
 * unreachable) are thrown.
 */
export interface AddressSuggester {
  /**
   * Suggests whole addresses for what the buyer typed ("Москва, Тверская 7", "7 Tverskaya St,
   * Moscow"). With `settlementId`, only addresses in that settlement. When no settlement is named
   * in the query, answers settlement-only suggestions (street and building null), or none.
   */
  suggestAddresses(input: SuggestAddressesInput): Promise<AddressSuggestion[]>;

  /** Suggests settlements whose name (in either language, or a known alias) starts as typed. */
  suggestSettlements(input: SuggestSettlementsInput): Promise<Settlement[]>;

  /** The settlement by its id, or null when this suggester does not know it. */
  settlementById(id: string, language: Language): Promise<Settlement | null>;

  /** The settlement a buyer is most likely in when nothing else is known: by language (ru → Moscow, en → London). */
  defaultSettlement(language: Language): Promise<Settlement>;
}

export interface SuggestAddressesInput {
  /** What the buyer typed; cut to its first 200 characters. */
  query: string;
  language: Language;
  /** How many suggestions at most; clamped to 1..20. */
  count: number;
  /** Restricts the answer to this settlement (the buyer already picked it). */
  settlementId?: string;
}

export interface SuggestSettlementsInput {
  /** What the buyer typed; cut to its first 200 characters. */
  query: string;
  language: Language;
  /** How many suggestions at most; clamped to 1..20. */
  count: number;
  /** ISO 3166-1 alpha-2 code (any case) the settlements must be in. */
  countryCode?: string;
}

/** A city, town or village; its names are in the asked language. */
export interface Settlement {
  /** Stable, provider-scoped id (the gazetteer's slugs: `ru-moskva`, `gb-london`). */
  id: string;
  name: string;
  /** The first-level division it is in (a subject of Russia, a state, a province). */
  region: string;
  country: string;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
  latitude: number;
  longitude: number;
  /** Approximate; null where the provider does not know it. */
  population: number | null;
}

export interface AddressSuggestion {
  /** The address on one line, as shown to the buyer, in the language's convention. */
  value: string;
  settlement: Settlement;
  /** The street as typed (whitespace normalised, the generic Russian "ул."/"улица" dropped), or null. */
  street: string | null;
  /** The house number with its parts ("7", "7А", "12/2", "5, к. 1" / "5 korp. 1"), or null. */
  building: string | null;
}
