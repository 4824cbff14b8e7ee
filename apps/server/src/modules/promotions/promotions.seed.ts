import type { Db } from '../../platform/db/client.ts';
import { promoCodes } from './promotions.schema.ts';

/** The advertised code (SPEC §1): 50 % off every product until 31 December, once per buyer. */
export const advertisedPromoCode = 'LITRES50';

/**
 * Seeds the advertised code, valid from the seeding year's 1 January to its 31 December (Moscow
 * time, where the store is). A database seeded once keeps its dates: an operator prolongs the code
 * by editing it, and a new year's code is a new code.
 */
export async function seedPromotions(db: Db, now = new Date()): Promise<void> {
  const year = now.getUTCFullYear();
  await db
    .insert(promoCodes)
    .values({
      id: 'promo-litres50',
      code: advertisedPromoCode,
      kind: 'percent',
      percent: 50,
      validFrom: new Date(`${year}-01-01T00:00:00+03:00`),
      validUntil: new Date(`${year}-12-31T23:59:59.999+03:00`),
      perUserLimit: 1,
    })
    .onConflictDoNothing();
}
