import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Transactor } from '../../platform/db/transactions.ts';
import { shoppingCartItems, shoppingCarts } from './cart.schema.ts';

export type CartRow = typeof shoppingCarts.$inferSelect;
export type CartItemRow = typeof shoppingCartItems.$inferSelect;
export type CartChoices = Partial<
  Pick<
    CartRow,
    'paymentOptionId' | 'deliveryOptionId' | 'deliveryContactSetId' | 'recipientContactSetId' | 'couponCode'
  >
> & { bonusPointOutcome?: number };

/** The shopping_carts and shopping_cart_items tables, on the transaction in progress. */
export function createCartRepo(transactor: Pick<Transactor, 'executor'>) {
  const db = () => transactor.executor();

  return {
    /**
     * The user's cart, made on first use, locked for the rest of the transaction: changes of one
     * cart run one after another.
     */
    async lockCartOf(userId: string, now: Date): Promise<CartRow> {
      await db()
        .insert(shoppingCarts)
        .values({ id: randomUUID(), userId, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: shoppingCarts.userId });
      const [row] = await db()
        .select()
        .from(shoppingCarts)
        .where(eq(shoppingCarts.userId, userId))
        .for('update');
      if (!row) throw new Error('cart vanished');
      return row;
    },

    async findCartOf(userId: string): Promise<CartRow | null> {
      const [row] = await db().select().from(shoppingCarts).where(eq(shoppingCarts.userId, userId));
      return row ?? null;
    },

    async itemsOf(cartId: string): Promise<CartItemRow[]> {
      return await db()
        .select()
        .from(shoppingCartItems)
        .where(eq(shoppingCartItems.cartId, cartId))
        .orderBy(asc(shoppingCartItems.createdAt), asc(shoppingCartItems.id));
    },

    async setChoices(cartId: string, choices: CartChoices, now: Date): Promise<void> {
      await db()
        .update(shoppingCarts)
        .set({ ...choices, updatedAt: now })
        .where(eq(shoppingCarts.id, cartId));
    },

    async insertItem(item: typeof shoppingCartItems.$inferInsert): Promise<void> {
      await db().insert(shoppingCartItems).values(item);
    },

    async updateItem(
      cartId: string,
      id: string,
      change: Partial<
        Pick<
          CartItemRow,
          'quantity' | 'selected' | 'validityPeriodId' | 'validityPeriodCount' | 'amountCurrency'
        >
      >,
    ): Promise<void> {
      await db()
        .update(shoppingCartItems)
        .set(change)
        .where(and(eq(shoppingCartItems.cartId, cartId), eq(shoppingCartItems.id, id)));
    },

    async deleteItems(cartId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db()
        .delete(shoppingCartItems)
        .where(and(eq(shoppingCartItems.cartId, cartId), inArray(shoppingCartItems.id, ids)));
    },

    async selectAll(cartId: string, selected: boolean): Promise<void> {
      await db().update(shoppingCartItems).set({ selected }).where(eq(shoppingCartItems.cartId, cartId));
    },

    /** Empties the cart and forgets its choices (reset, and after checkout: the selected items only). */
    async clear(cartId: string, input: { onlySelected: boolean; now: Date }): Promise<void> {
      await db()
        .delete(shoppingCartItems)
        .where(
          and(
            eq(shoppingCartItems.cartId, cartId),
            input.onlySelected ? eq(shoppingCartItems.selected, true) : sql`true`,
          ),
        );
      await db()
        .update(shoppingCarts)
        .set({
          couponCode: null,
          bonusPointOutcome: 0,
          ...(input.onlySelected ? {} : { paymentOptionId: null, deliveryOptionId: null }),
          deliveryContactSetId: null,
          recipientContactSetId: null,
          updatedAt: input.now,
        })
        .where(eq(shoppingCarts.id, cartId));
    },

    /** Takes a deleted contact set out of every cart that had it chosen (SPEC §4). */
    async forgetContactSet(contactSetId: string): Promise<void> {
      await db()
        .update(shoppingCarts)
        .set({ deliveryContactSetId: null })
        .where(eq(shoppingCarts.deliveryContactSetId, contactSetId));
      await db()
        .update(shoppingCarts)
        .set({ recipientContactSetId: null })
        .where(eq(shoppingCarts.recipientContactSetId, contactSetId));
    },
  };
}

export type CartRepo = ReturnType<typeof createCartRepo>;
