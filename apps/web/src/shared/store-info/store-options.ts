import { type StoreInfo, type StoreOptionName, storeOptionDefaults } from '@cutout/contracts';

/**
 * A flag absent from the store info's `optionItems` gets the contracts' default (SPEC §3). Our server
 * always sends all nine flags, with the same defaults where a store has no value, so they matter
 * only for a store info from elsewhere (an older server, a test fixture).
 */

/** A store option flag (SPEC §3): the store info's value, else its default when absent. */
export function storeOption(info: Pick<StoreInfo, 'optionItems'>, name: StoreOptionName): boolean {
  return info.optionItems.find((item) => item.name === name)?.value ?? storeOptionDefaults[name];
}
