import { z } from './zod.ts';

/**
 * Where a user's litres came from (issue 15), for the account summary: the monthly free grant,
 * a plan's monthly litres, bought bundles, and codes (pin codes, gift cards).
 */
export const litreSources = ['free', 'plan', 'bundle', 'code', 'other'] as const;
export type LitreSource = (typeof litreSources)[number];

/** POST /litres/fetchLitreSummary: the litres that count now, by where they came from and when they expire. */
export const litreSummarySchema = z.object({
  total: z.number().int(),
  lots: z.array(
    z.object({
      source: z.enum(litreSources),
      quantity: z.number().int(),
      /** null: they never expire. */
      expiresAt: z.string().nullable(),
    }),
  ),
});
export type LitreSummary = z.infer<typeof litreSummarySchema>;
