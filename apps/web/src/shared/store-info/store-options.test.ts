import { storeOptionNames } from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import { storeOption } from './store-options.ts';

describe('storeOption', () => {
  it('reads the value the store info sends, on or off', () => {
    for (const name of storeOptionNames) {
      expect(storeOption({ optionItems: [{ name, value: true }] }, name)).toBe(true);
      expect(storeOption({ optionItems: [{ name, value: false }] }, name)).toBe(false);
    }
  });

  it('takes SPEC §3 defaults for an absent flag: e-mail verification on, the rest off', () => {
    const absent = { optionItems: [] };
    expect(storeOption(absent, 'UserEmailVerificationRequired')).toBe(true);
    for (const name of storeOptionNames.filter((name) => name !== 'UserEmailVerificationRequired'))
      expect(storeOption(absent, name)).toBe(false);
  });
});
