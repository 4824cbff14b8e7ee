import { localizedTextSchema, productTypeIds } from './catalog.ts';
import { z } from './zod.ts';

const id = z.string().min(1).max(200);
const maxInt32 = 2_147_483_647;

/** What a segment selects products by; every condition given must hold (an empty rule: all). */
export const productSegmentRuleSchema = z.strictObject({
  typeIds: z.array(z.enum(productTypeIds)).min(1).max(4).optional(),
  /** Group ids or slugs, each with its subgroups. */
  groupIds: z.array(id).min(1).max(100).optional(),
  search: z.string().max(200).optional(),
  /** Feature id → values, of which a product's offer must have one. */
  features: z.record(id, z.array(z.string().min(1).max(200)).min(1).max(50)).optional(),
  /** A price range in one currency's minor units. */
  price: z
    .strictObject({
      currencyId: id,
      from: z.number().int().min(0).max(maxInt32).optional(),
      to: z.number().int().min(0).max(maxInt32).optional(),
    })
    .optional(),
});
export type ProductSegmentRule = z.infer<typeof productSegmentRuleSchema>;

/**
 * A product segment (SPEC §7.6): a named rule over the catalogue whose products are kept as
 * mappings when it is executed (or set by hand with productSegmentMappings/bulkUpsert).
 */
export const productSegmentSchema = z.object({
  id: z.string(),
  name: localizedTextSchema,
  rule: productSegmentRuleSchema,
  /** When it was last executed; null: never. */
  executedAt: z.string().nullable(),
});
export type ProductSegment = z.infer<typeof productSegmentSchema>;

/** POST /productSegments/bulkUpsert: segments created, or replaced by id. */
export const productSegmentBulkUpsertSchema = z.strictObject({
  items: z
    .array(z.strictObject({ id, name: localizedTextSchema, rule: productSegmentRuleSchema }))
    .min(1)
    .max(100),
});

/** POST /productSegments/{id}/execute: how many products the segment holds now. */
export const productSegmentExecutionSchema = z.object({
  segmentId: z.string(),
  count: z.number().int(),
  executedAt: z.string(),
});

export const productSegmentMappingSchema = z.object({
  segmentId: z.string(),
  productId: z.string(),
  createdAt: z.string(),
});
export type ProductSegmentMapping = z.infer<typeof productSegmentMappingSchema>;

/** POST /productSegmentMappings/bulkUpsert: products put into segments by hand (a pair twice is once). */
export const productSegmentMappingBulkUpsertSchema = z.strictObject({
  items: z
    .array(z.strictObject({ segmentId: id, productId: id }))
    .min(1)
    .max(1000),
});

/** `where` of GET /productSegmentMappings. */
export const productSegmentMappingWhereSchema = z.strictObject({
  segmentId: id.optional(),
  productId: id.optional(),
});
export const productSegmentMappingOrderProperties = ['createdAt', 'productId'] as const;

/** `where` of GET /productSegments. */
export const productSegmentWhereSchema = z.strictObject({ id: id.optional() });

/** The answer of a bulk upsert: how many items it wrote. */
export const bulkUpsertResultSchema = z.object({ count: z.number().int() });
