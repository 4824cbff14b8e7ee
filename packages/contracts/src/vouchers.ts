import { emailSchema } from './users.ts';
import { z } from './zod.ts';

/**
 * Codes that give something once (issue 15): a pin code bought from the catalogue or issued by the
 * operator, and a gift card bought for someone, whose code is e-mailed. Both are applied through
 * `/shoppingCarts/applyPinCode`.
 */
export const voucherKinds = ['pin_code', 'gift_card'] as const;
export type VoucherKind = (typeof voucherKinds)[number];

/** What a code gives: litres, money on the personal account, or a plan for a period. */
export const voucherGrantSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('litres'), litres: z.number().int().positive() }),
  z.object({
    type: z.literal('money'),
    /** Minor units of `currency`. */
    amount: z.number().int().positive(),
    currency: z.string(),
  }),
  z.object({
    type: z.literal('plan'),
    planName: z.string(),
    /** validity_periods.month or validity_periods.year. */
    validityPeriodId: z.string(),
  }),
]);
export type VoucherGrant = z.infer<typeof voucherGrantSchema>;

/** POST /shoppingCarts/applyPinCode. */
export const applyPinCodeRequestSchema = z.object({
  pinCode: z.string().max(64).nullish(),
});
export type ApplyPinCodeRequest = z.infer<typeof applyPinCodeRequestSchema>;

/** A code as its buyer sees it in their list, and as applying it answers. */
export const voucherSchema = z.object({
  id: z.string(),
  kind: z.enum(voucherKinds),
  /** Shown in full to its buyer, who passes it on. */
  code: z.string(),
  grant: voucherGrantSchema,
  /** The product it was bought as; null for a code the operator issued. */
  productName: z.string().nullable(),
  /** Where a gift card's code was sent; null: to the buyer. */
  recipientEmail: z.string().nullable(),
  createdAt: z.string(),
  /** null while it can still be applied. */
  redeemedAt: z.string().nullable(),
  /** When it was cancelled by the refund of the order that bought it; null: it stands. */
  voidedAt: z.string().nullable(),
  /** Whether the viewer is the one who applied it. */
  redeemedByViewer: z.boolean(),
});
export type Voucher = z.infer<typeof voucherSchema>;

export const appliedPinCodeSchema = z.object({
  voucher: voucherSchema,
  /** 'Pincode successfully applied!' in the request's language. */
  message: z.string(),
});
export type AppliedPinCode = z.infer<typeof appliedPinCodeSchema>;

/** POST /vouchers/fetchVoucherList: the codes the viewer bought or applied, newest first. */
export const voucherListSchema = z.object({
  output: z.array(voucherSchema),
  totalCount: z.number().int(),
});
export type VoucherList = z.infer<typeof voucherListSchema>;

/** POST /vouchers/{id}/send: a gift card's code to someone, in the language they read. */
export const sendVoucherRequestSchema = z.object({
  email: emailSchema,
  language: z.string().nullish(),
});
export type SendVoucherRequest = z.infer<typeof sendVoucherRequestSchema>;

/**
 * POST /vouchers/issue (the operator, with x-operator-token): `quantity` codes of one batch. The
 * batch name makes it idempotent: issuing a batch again answers its codes.
 */
export const issueVouchersRequestSchema = z.object({
  batch: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\w.-]+$/, 'letters, digits, dots, dashes and underscores'),
  kind: z.enum(voucherKinds).default('pin_code'),
  quantity: z.number().int().min(1).max(1000),
  grant: z.discriminatedUnion('type', [
    z.object({ type: z.literal('litres'), litres: z.number().int().min(1).max(1_000_000) }),
    z.object({
      type: z.literal('money'),
      amount: z.number().int().min(1).max(100_000_000),
      currency: z.string().length(3),
    }),
    z.object({ type: z.literal('plan'), productId: z.string().min(1), period: z.enum(['month', 'year']) }),
  ]),
});
export type IssueVouchersRequest = z.infer<typeof issueVouchersRequestSchema>;

export const issuedVouchersSchema = z.object({ codes: z.array(z.string()) });
