import type { GazetteerRecord } from './gazetteer-data.ts';
import { normalize } from './normalize.ts';
import type { SettlementIndex } from './settlement-index.ts';

/** A settlement named in an address query, and where it stands in the text. */
export interface SettlementMention {
  /** Every settlement of that exact name or alias (usually one). */
  records: GazetteerRecord[];
  /** Where the mention starts (its "г."/"город" marker included) and ends in the query. */
  start: number;
  end: number;
  /** Preceded by "г.", "город" or "city", or the whole of a comma-separated part: surely a settlement. */
  certain: boolean;
}

interface Token {
  text: string;
  start: number;
  end: number;
  /** Which comma-separated part of the query it is in. */
  part: number;
}

const settlementMarkers = new Set(['г', 'гор', 'город', 'city']);
/** The most words a settlement's name has (Ho Chi Minh City). */
const maxNameWords = 4;
/** Aliases this short (LA, SF, Мск) count in an address only as a whole part or after a marker. */
const shortAlias = 3;

/**
 * Finds the settlement an address query names: a run of words equal to a settlement's name or alias
 * in either language. Where several runs match, the best is, in order: after a marker, a whole
 * comma-separated part, more words, an official name over an alias, the larger settlement.
 * With `onlyId`, only that settlement's names count.
 */
export function findSettlementMention(input: {
  query: string;
  index: SettlementIndex;
  onlyId?: string;
}): SettlementMention | null {
  const tokens = tokenize(input.query);
  const candidates: Array<SettlementMention & { words: number; alias: boolean; population: number }> = [];
  for (let first = 0; first < tokens.length; first++) {
    for (let words = 1; words <= maxNameWords && first + words <= tokens.length; words++) {
      const run = tokens.slice(first, first + words);
      if (run.some((token) => token.part !== run[0]!.part)) break;
      const key = run.map((token) => token.text).join(' ');
      const found = input.index
        .exact(key)
        .filter((entry) => input.onlyId === undefined || entry.record.id === input.onlyId);
      if (found.length === 0) continue;
      const before = tokens[first - 1];
      const marked =
        before !== undefined && before.part === run[0]!.part && settlementMarkers.has(before.text);
      const partTokens = tokens.filter((token) => token.part === run[0]!.part).length;
      const certain = marked || partTokens === words;
      const alias = found.every((entry) => entry.alias);
      if (alias && key.length <= shortAlias && !certain) continue;
      const records = found.map((entry) => entry.record);
      candidates.push({
        records,
        start: marked ? before.start : run[0]!.start,
        end: run.at(-1)!.end,
        certain,
        words,
        alias,
        population: Math.max(...records.map((record) => record.population ?? -1)),
      });
    }
  }
  const best = candidates.sort(
    (a, b) =>
      Number(b.certain) - Number(a.certain) ||
      b.words - a.words ||
      Number(a.alias) - Number(b.alias) ||
      b.population - a.population,
  )[0];
  if (!best) return null;
  return { records: best.records, start: best.start, end: best.end, certain: best.certain };
}

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  for (const match of query.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = match.index;
    const part = (query.slice(0, start).match(/[,;]/g) ?? []).length;
    tokens.push({ text: normalize(match[0]), start, end: start + match[0].length, part });
  }
  return tokens.filter((token) => token.text !== '');
}
