import { z } from './zod.ts';

/**
 * Subscription plans and subscriptions (SPEC §1, §3, §7.4; issue 15).
 *
 * A plan is a catalogue product of type `product_types.subscription_plan` with a litre budget a
 * month, options to compare plans by, and a price for each validity period it is sold for. It is
 * bought through the cart with a period chosen (`validityPeriodId` on the cart item; without one the
 * cart refuses it, SPEC §5).
 */

/** How long one payment for a plan lasts. `forever`: paid once, accrues every month for good. */
export const validityPeriodIds = [
  'validity_periods.month',
  'validity_periods.year',
  'validity_periods.forever',
] as const;
export type ValidityPeriodId = (typeof validityPeriodIds)[number];

/** The type of a plan option's value (SPEC §3). Values travel as strings: 'true', '2', 'PNG, JPG'. */
export const planOptionValueTypes = [
  'value_types.boolean',
  'value_types.number',
  'value_types.string',
] as const;
export type PlanOptionValueType = (typeof planOptionValueTypes)[number];

/** Something plans are compared by: 'API access', 'Images a month', 'Priority processing'. */
export const planOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  typeId: z.enum(planOptionValueTypes),
  /** What a plan without a value for it shows: 'false', '0', '—'. */
  valueAtZero: z.string().nullable(),
  /** Lower first. */
  priority: z.number().int(),
});
export type PlanOption = z.infer<typeof planOptionSchema>;

export const planOptionItemSchema = z.object({
  optionId: z.string(),
  /** As the option's type says; null: the option's valueAtZero. */
  value: z.string().nullable(),
});
export type PlanOptionItem = z.infer<typeof planOptionItemSchema>;

/** A price of a plan for one validity period, in the request's currency (minor units). */
export const planPeriodItemSchema = z.object({
  validityPeriodId: z.enum(validityPeriodIds),
  /** How many periods one payment buys (1); null for `forever`. */
  validityPeriodCount: z.number().int().nullable(),
  /** What the buyer pays for the period. */
  amount: z.number().int(),
  /** What the same months cost paid month by month (12 × the monthly price for a year); null for forever. */
  amountWithoutDiscount: z.number().int().nullable(),
  /** The amount spread over the months it covers (rounded); for forever, the amount. */
  monthlyAmount: z.number().int(),
  /** The saving against paying monthly, in whole percent (50 for a year). */
  discountPercent: z.number().int(),
});
export type PlanPeriodItem = z.infer<typeof planPeriodItemSchema>;

/** One plan (SPEC §3 subscriptionPlan.productItems). */
export const planProductItemSchema = z.object({
  /** The plan's id. */
  id: z.string(),
  productId: z.string(),
  /** What the cart takes, with a validityPeriodId. */
  tradeOfferId: z.string(),
  slugifyId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Litres credited each month. */
  quantity: z.number().int(),
  /** Lower first; a bigger plan has a higher priority number. */
  priority: z.number().int(),
  /** The one the pricing page puts forward. */
  featured: z.boolean(),
  productSet: z.object({
    setPriceCalculationMethodId: z.enum([
      'product_set_price_calculation_methods.fixed',
      'product_set_price_calculation_methods.by_product_prices',
    ]),
  }),
  optionItems: z.array(planOptionItemSchema),
  /** Only the periods priced in the request's currency. */
  periodItemList: z.array(planPeriodItemSchema),
});
export type PlanProductItem = z.infer<typeof planProductItemSchema>;

export const subscriptionStates = [
  /** Running and renewing at the end of its term. */
  'subscription_states.active',
  /** Cancelled: runs to the end of the paid term, then ends. */
  'subscription_states.cancelled',
  /** Ended: its plan litres expired with it. */
  'subscription_states.expired',
  /** Ended early by an upgrade: its litres moved to the new subscription. */
  'subscription_states.replaced',
] as const;
export type SubscriptionState = (typeof subscriptionStates)[number];

/** A user's subscription (SPEC §3: an expiry date, a next accrual date and a 'forever' case). */
export const subscriptionSchema = z.object({
  id: z.string(),
  planId: z.string(),
  planName: z.string(),
  /** Litres credited each month. */
  litresPerMonth: z.number().int(),
  validityPeriodId: z.enum(validityPeriodIds),
  stateId: z.enum(subscriptionStates),
  startedAt: z.string(),
  /** The end of the paid term; null: forever. */
  expiresAt: z.string().nullable(),
  /** When the next month's litres come; null when none will (ended, or the term ends first). */
  nextAccrualAt: z.string().nullable(),
  /** The plan's litres left now (they roll over while the subscription lasts). */
  litresLeft: z.number().int(),
  /** A downgrade waiting for the next term. */
  nextPlanId: z.string().nullable(),
  nextPlanName: z.string().nullable(),
  nextValidityPeriodId: z.enum(validityPeriodIds).nullable(),
  /** What renewing costs and in which currency; null for forever. */
  renewalAmount: z.number().int().nullable(),
  currency: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** POST /subscriptionPlans/fetchAvailableSubscriptionPlans (SPEC §7.4). */
export const availableSubscriptionPlansSchema = z.object({
  subscriptionPlan: z.object({
    currency: z.string(),
    productItems: z.array(planProductItemSchema),
    options: z.array(planOptionSchema),
  }),
  /** The signed-in user's live subscription (active or cancelled), or null. */
  subscription: subscriptionSchema.nullable(),
});
export type AvailableSubscriptionPlans = z.infer<typeof availableSubscriptionPlansSchema>;

/** POST /subscriptions/fetchCurrentSubscription. */
export const currentSubscriptionSchema = z.object({ subscription: subscriptionSchema.nullable() });

/** POST /subscriptions/{id}/changePlan: a smaller plan (or another period) from the next term. */
export const changePlanRequestSchema = z.strictObject({
  planId: z.string().min(1).max(100),
  validityPeriodId: z.enum(validityPeriodIds),
});
export type ChangePlanRequest = z.infer<typeof changePlanRequestSchema>;
