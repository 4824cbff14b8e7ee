import { describe, expect, it } from 'vitest';
import { downloadProblem, downloadProblemOf } from './removal.ts';

describe('downloadProblemOf', () => {
  it('names every cause of errors 106 and 107 back from its phrase, with its number', () => {
    for (const [name, phrase] of Object.entries(downloadProblem)) {
      expect(downloadProblemOf((phrase as (count: number) => string)(7)), name).toEqual({
        name,
        count: phrase.length > 0 ? 7 : 0,
      });
    }
    expect(downloadProblemOf(downloadProblem.timeout(2.5))).toEqual({ name: 'timeout', count: 2.5 });
  });

  it('names nothing for another value', () => {
    for (const value of ['timeout', 'HTTP 404', 'the address is not public!', '', 404, undefined]) {
      expect(downloadProblemOf(value), String(value)).toBeNull();
    }
  });
});
