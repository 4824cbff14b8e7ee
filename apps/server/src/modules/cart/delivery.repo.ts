import { and, asc, eq } from 'drizzle-orm';
import type { Transactor } from '../../platform/db/transactions.ts';
import { deliveryOptionPrices, deliveryOptions, pickupPoints } from './cart.schema.ts';

export type DeliveryOptionRow = typeof deliveryOptions.$inferSelect & { amountMinor: number | null };
export type PickupPointRow = typeof pickupPoints.$inferSelect;

/** Delivery options, their prices and pickup points. */
export function createDeliveryRepo(transactor: Pick<Transactor, 'executor'>) {
  const db = () => transactor.executor();
  const priced = (currencyId: string) =>
    db()
      .select({ option: deliveryOptions, amountMinor: deliveryOptionPrices.amountMinor })
      .from(deliveryOptions)
      .leftJoin(
        deliveryOptionPrices,
        and(
          eq(deliveryOptionPrices.deliveryOptionId, deliveryOptions.id),
          eq(deliveryOptionPrices.currencyId, currencyId),
        ),
      );

  return {
    /** The active options with their price in the currency (null: none in it). */
    async listActive(currencyId: string): Promise<DeliveryOptionRow[]> {
      const rows = await priced(currencyId)
        .where(eq(deliveryOptions.active, true))
        .orderBy(asc(deliveryOptions.priority), asc(deliveryOptions.id));
      return rows.map(({ option, amountMinor }) => ({ ...option, amountMinor }));
    },

    async pickupPointsOf(deliveryOptionId: string): Promise<PickupPointRow[]> {
      return await db()
        .select()
        .from(pickupPoints)
        .where(eq(pickupPoints.deliveryOptionId, deliveryOptionId))
        .orderBy(asc(pickupPoints.priority), asc(pickupPoints.id));
    },

    async findOption(id: string): Promise<typeof deliveryOptions.$inferSelect | null> {
      const [row] = await db().select().from(deliveryOptions).where(eq(deliveryOptions.id, id));
      return row ?? null;
    },

    async findPickupPoint(id: string): Promise<PickupPointRow | null> {
      const [row] = await db().select().from(pickupPoints).where(eq(pickupPoints.id, id));
      return row ?? null;
    },
  };
}

export type DeliveryRepo = ReturnType<typeof createDeliveryRepo>;
