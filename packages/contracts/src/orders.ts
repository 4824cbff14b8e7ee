import { addressSchema, cartItemTypeIds } from './cart.ts';
import { listLimits } from './limits.ts';
import { z } from './zod.ts';

/**
 * Orders, their payments and invoices (SPEC §3, §4, §7.4). An order keeps what was bought as it was
 * at checkout (names, prices, addresses), whatever changes in the catalogue later.
 */

/** The order's life (see the orders module's state machine). */
export const orderStatuses = [
  'placed',
  'awaiting_payment',
  'paid',
  'fulfilled',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** SPEC §3 payment operation result statuses. */
export const paymentOperationStatuses = [
  'payment_operation_statuses.paid',
  'payment_operation_statuses.not_paid',
] as const;

export const orderItemSchema = z.object({
  id: z.string(),
  typeId: z.enum(cartItemTypeIds),
  productId: z.string().nullable(),
  tradeOfferId: z.string().nullable(),
  name: z.string(),
  optionName: z.string().nullable(),
  article: z.string().nullable(),
  unitId: z.string(),
  quantity: z.number().int(),
  price: z.number().int(),
  amount: z.number().int(),
  vatRatePercent: z.number().int().nullable(),
  vatAmount: z.number().int(),
  productSetId: z.string().nullable(),
  /** Litres the line credited (or will credit) on payment, for litre bundles. */
  litres: z.number().int().nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** The unit of products that are money (a personal-account top-up: one per minor-unit step of its price). */
export const MONEY_UNIT = 'units.money';

/**
 * A line as orders, mails and invoices show it. A top-up is priced as as many 1.00 units as it holds
 * (`quantity` 1000 at 1.00 for 1,000.00): it shows as one item at its amount, not "× 1000".
 */
export function shownLine(line: { unitId: string; quantity: number; price: number; amount: number }): {
  quantity: number;
  price: number;
} {
  return line.unitId === MONEY_UNIT
    ? { quantity: 1, price: line.amount }
    : { quantity: line.quantity, price: line.price };
}

/** How many items a line counts as (the cart's count, its badge): a top-up is one, whatever it holds. */
export function countedQuantity(line: { unitId: string; quantity: number }): number {
  return line.unitId === MONEY_UNIT ? 1 : line.quantity;
}

export const orderContactsSchema = z.object({
  deliveryOptionName: z.string().nullable(),
  deliveryAddress: z.string().nullable(),
  address: addressSchema.nullable(),
  recipientName: z.string().nullable(),
  recipientPhone: z.string().nullable(),
});

export const orderSchema = z.object({
  id: z.string(),
  /** The buyer-facing number, e.g. 42. */
  number: z.number().int(),
  /** 'Order No. 42' in the request's language. */
  defaultName: z.string(),
  /** When it was placed (ISO). */
  periodAt: z.string(),
  status: z.enum(orderStatuses),
  currency: z.string(),
  productItems: z.array(orderItemSchema),
  amount: z.number().int(),
  amountWithoutDiscount: z.number().int(),
  /** All that was taken off: a promo code's discount, a plan upgrade's credit, bonus points' money. */
  discountAmount: z.number().int(),
  /** The part of discountAmount that is a plan upgrade's credit (the unused part of the plan it replaced). */
  upgradeCreditAmount: z.number().int(),
  /** The promo code redeemed with the order, or null: it names the code, not its part of the discount. */
  promoCode: z.string().nullable(),
  vatAmount: z.number().int(),
  deliveryAmount: z.number().int(),
  paymentOptionId: z.string().nullable(),
  contacts: orderContactsSchema,
  paidAt: z.string().nullable(),
  /** When its goods were handed over (litres credited, vouchers issued) (ISO). */
  fulfilledAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** When the unused part of the order was refunded (ISO), and the money returned (minor units). */
  refundedAt: z.string().nullable(),
  refundAmount: z.number().int().nullable(),
  /** The invoice's number, e.g. 'INV-2026-000042'. */
  invoiceNumber: z.string().nullable(),
  canCancel: z.boolean(),
  canPay: z.boolean(),
  deleted: z.boolean(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderSorts = ['periodAt desc', 'periodAt asc'] as const;

/** POST /orders/fetchOrderList (SPEC §7.4; 6 a page, SPEC §9). */
/** The furthest the orders list may skip: a page beyond it is asked for as empty, not refused. */
export const orderListMaxSkip = 1_000_000;

export const fetchOrderListRequestSchema = z.strictObject({
  filter: z
    .strictObject({
      where: z
        .strictObject({
          status: z.union([z.enum(orderStatuses), z.array(z.enum(orderStatuses)).min(1)]).optional(),
        })
        .optional(),
      order: z.enum(orderSorts).optional(),
      skip: z.number().int().min(0).max(orderListMaxSkip).optional(),
      limit: z.number().int().min(1).max(listLimits.maxPageSize).optional(),
    })
    .optional(),
  /** Finds orders by number or by a product's name. */
  search: z.string().max(listLimits.maxSearchLength).optional(),
});
export type FetchOrderListRequest = z.infer<typeof fetchOrderListRequestSchema>;

export const orderListSchema = z.object({
  output: z.array(orderSchema),
  outputInfo: z.object({ count: z.number().int() }),
  totalCount: z.number().int(),
});
export type OrderList = z.infer<typeof orderListSchema>;

/** POST /orders/{id}/fetchOrder: the order, its type and id (SPEC §3). */
export const fetchOrderResponseSchema = z.object({
  order: orderSchema,
  orderType: z.literal('customer_order'),
  id: z.string(),
});

/** SPEC §3 payment operation result. */
export const paymentOperationResultSchema = z.object({
  statusId: z.enum(paymentOperationStatuses),
  formUrl: z.string().nullable(),
  formMethod: z.enum(['GET', 'POST']).nullable(),
  formInputList: z.array(z.object({ name: z.string(), value: z.string() })),
  paymentRequired: z.boolean(),
  /** The order the operation is for (checkout and pay answer it). */
  orderId: z.string().nullable(),
});
export type PaymentOperationResult = z.infer<typeof paymentOperationResultSchema>;

/** POST /paymentOptions/perform: pay documents (an unpaid order) with an option. */
export const performPaymentRequestSchema = z.strictObject({
  paymentOptionId: z.string().min(1).max(100),
  resolveCallbackUrl: z.string().url().max(2000),
  rejectCallbackUrl: z.string().url().max(2000),
  documentItemList: z
    .array(
      z.strictObject({ documentType: z.literal('customer_order'), documentId: z.string().min(1).max(100) }),
    )
    .length(1),
});
export type PerformPaymentRequest = z.infer<typeof performPaymentRequestSchema>;

/** POST /paymentOptions/{id}/validate: the return from the provider, with its query string. */
export const validatePaymentRequestSchema = z.strictObject({
  id: z.string().min(1).max(100).optional(),
  queryString: z.string().max(4000),
});

export const layoutTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  predefined: z.boolean(),
  predefinedName: z.string(),
  formats: z.array(z.literal('pdf')),
});
export const layoutTemplateListSchema = z.object({ output: z.array(layoutTemplateSchema) });
