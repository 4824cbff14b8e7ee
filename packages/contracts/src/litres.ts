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

/** Where a personal-account entry came from, for its history (issue 15). */
export const personalAccountEntryTypes = [
  'recharge',
  'code',
  'renewal',
  'payment',
  'refund',
  'other',
] as const;
export type PersonalAccountEntryType = (typeof personalAccountEntryTypes)[number];

/**
 * POST /personalAccount/fetchPersonalAccount: the money on the personal account in the session's
 * currency, and its history, newest first (amounts in minor units; out is negative).
 */
export const personalAccountSchema = z.object({
  balance: z.object({ amountMinor: z.number().int(), currency: z.string() }),
  /**
   * Money on the account in the store's other currencies (not zero): it stays there, and is seen and
   * spent with that currency chosen. Optional for clients of the answer before it was added.
   */
  otherBalances: z.array(z.object({ amountMinor: z.number().int(), currency: z.string() })).optional(),
  entries: z.array(
    z.object({
      id: z.string(),
      type: z.enum(personalAccountEntryTypes),
      amountMinor: z.number().int(),
      /** A payment taken but not settled yet. */
      pending: z.boolean(),
      createdAt: z.string(),
    }),
  ),
});
export type PersonalAccount = z.infer<typeof personalAccountSchema>;
