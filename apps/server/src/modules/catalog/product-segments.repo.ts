import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Transactor } from '../../platform/db/transactions.ts';
import {
  type ProductSegmentRule,
  productSegmentMappings,
  productSegments,
  products,
} from './catalog.schema.ts';

export type ProductSegmentRow = typeof productSegments.$inferSelect;
export type ProductSegmentMappingRow = typeof productSegmentMappings.$inferSelect;

export interface MappingConditions {
  segmentId?: string;
  productId?: string;
}

const mappingConditionsOf = (where: MappingConditions): SQL | undefined =>
  and(
    where.segmentId === undefined ? undefined : eq(productSegmentMappings.segmentId, where.segmentId),
    where.productId === undefined ? undefined : eq(productSegmentMappings.productId, where.productId),
  );

/** Product segments and the products each holds. */
export function createProductSegmentsRepo(transactor: Pick<Transactor, 'executor'>) {
  const db = () => transactor.executor();

  async function countMappings(where: MappingConditions): Promise<number> {
    const [counted] = await db()
      .select({ total: count() })
      .from(productSegmentMappings)
      .where(mappingConditionsOf(where));
    return counted?.total ?? 0;
  }

  return {
    /** Creates each segment, or replaces the name and rule of the one with its id. */
    async upsertSegments(
      items: Array<{ id: string; name: Record<string, string>; rule: ProductSegmentRule }>,
      now: Date,
    ): Promise<void> {
      await db()
        .insert(productSegments)
        .values(items.map((item) => ({ ...item, createdAt: now })))
        .onConflictDoUpdate({
          target: productSegments.id,
          set: { name: sql`excluded.name`, rule: sql`excluded.rule` },
        });
    },

    async findSegment(id: string): Promise<ProductSegmentRow | null> {
      const [row] = await db().select().from(productSegments).where(eq(productSegments.id, id));
      return row ?? null;
    },

    async listSegments(input: { id?: string; skip: number; limit: number }) {
      const where = input.id === undefined ? undefined : eq(productSegments.id, input.id);
      const rows = await db()
        .select()
        .from(productSegments)
        .where(where)
        .orderBy(asc(productSegments.id))
        .offset(input.skip)
        .limit(input.limit);
      const [counted] = await db().select({ total: count() }).from(productSegments).where(where);
      return { rows, total: counted?.total ?? 0 };
    },

    /** Makes the segment hold exactly these products, and records when; in the caller's transaction. */
    async replaceMappings(segmentId: string, productIds: string[], now: Date): Promise<void> {
      await db().delete(productSegmentMappings).where(eq(productSegmentMappings.segmentId, segmentId));
      for (let start = 0; start < productIds.length; start += 1000) {
        await db()
          .insert(productSegmentMappings)
          .values(
            productIds
              .slice(start, start + 1000)
              .map((productId) => ({ segmentId, productId, createdAt: now })),
          );
      }
      await db().update(productSegments).set({ executedAt: now }).where(eq(productSegments.id, segmentId));
    },

    /** Puts products into segments; a pair already there is left as it is. */
    async addMappings(items: Array<{ segmentId: string; productId: string }>, now: Date): Promise<void> {
      await db()
        .insert(productSegmentMappings)
        .values(items.map((item) => ({ ...item, createdAt: now })))
        .onConflictDoNothing();
    },

    /** Which of these segment ids and product ids exist. */
    async existing(input: { segmentIds: string[]; productIds: string[] }) {
      const segments = input.segmentIds.length
        ? await db()
            .select({ id: productSegments.id })
            .from(productSegments)
            .where(inArray(productSegments.id, input.segmentIds))
        : [];
      const found = input.productIds.length
        ? await db().select({ id: products.id }).from(products).where(inArray(products.id, input.productIds))
        : [];
      return {
        segmentIds: new Set(segments.map((row) => row.id)),
        productIds: new Set(found.map((row) => row.id)),
      };
    },

    async listMappings(input: {
      where: MappingConditions;
      order: { property: 'createdAt' | 'productId'; direction: 'asc' | 'desc' } | null;
      skip: number;
      limit: number;
    }) {
      const where = mappingConditionsOf(input.where);
      const column =
        input.order?.property === 'createdAt'
          ? productSegmentMappings.createdAt
          : productSegmentMappings.productId;
      const rows = await db()
        .select()
        .from(productSegmentMappings)
        .where(where)
        .orderBy(
          input.order?.direction === 'desc' ? desc(column) : asc(column),
          asc(productSegmentMappings.segmentId),
          asc(productSegmentMappings.productId),
        )
        .offset(input.skip)
        .limit(input.limit);
      return { rows, total: await countMappings(input.where) };
    },

    countMappings,
  };
}

export type ProductSegmentsRepo = ReturnType<typeof createProductSegmentsRepo>;
