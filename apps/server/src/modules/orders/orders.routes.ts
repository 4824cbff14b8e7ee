import {
  checkoutRequestSchema,
  fetchOrderListRequestSchema,
  fetchOrderResponseSchema,
  layoutTemplateListSchema,
  orderListSchema,
  orderSchema,
  paymentOperationResultSchema,
  performPaymentRequestSchema,
  rechargePersonalAccountRequestSchema,
  resultSchema,
  validatePaymentRequestSchema,
} from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../platform/errors.ts';
import type { OperatorGuard } from '../../platform/http/operator.ts';
import { cartViewerOf } from '../cart/cart.routes.ts';
import { storeOption } from '../store/store.service.ts';
import { requireUser, signedIn } from '../users/users.routes.ts';
import type { CheckoutService } from './checkout.service.ts';
import type { InvoiceService } from './invoice/invoice.service.ts';
import type { OrdersService } from './orders.service.ts';
import type { RefundsService } from './refunds.service.ts';

const refundOutcomeSchema = z.object({
  orderId: z.string(),
  number: z.number().int(),
  currency: z.string(),
  amount: z.number().int(),
  bonusPointsReturned: z.number().int(),
  bonusPointsTakenBack: z.number().int(),
  refund: z
    .object({ status: z.enum(['pending', 'succeeded', 'failed']), failureReason: z.string().nullable() })
    .nullable(),
});

const idParams = z.object({ id: z.string().min(1).max(100) });
const emptyBody = z.object({}).passthrough().nullish();

/** /customerOrders (SPEC §7.4 makePosted, §7.7 makeDeleted): the user's own orders only. */
export async function customerOrderRoutes(
  app: FastifyInstance,
  options: { orders: OrdersService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/makePosted',
    {
      ...signedIn,
      schema: {
        querystring: z.object({
          mode: z.enum(['post', 'unpost']).default('post'),
          id: z.string().max(100).optional(),
        }),
        body: z.object({ id: z.string().min(1).max(100).optional() }).nullish(),
        response: { 200: orderSchema },
      },
    },
    (request) => {
      const id = request.body?.id ?? request.query.id;
      if (!id) throw new DomainError('core_object_not_set');
      return options.orders.makePosted(
        requireUser(request).id,
        id,
        request.query.mode,
        request.store.language,
      );
    },
  );
  api.post(
    '/makeDeleted',
    {
      ...signedIn,
      schema: {
        querystring: z.object({
          mode: z.enum(['delete', 'restore']).default('delete'),
          id: z.string().max(100).optional(),
        }),
        body: emptyBody,
        response: { 200: resultSchema },
      },
    },
    async (request) => {
      if (!request.query.id) throw new DomainError('core_object_not_set');
      await options.orders.makeDeleted(requireUser(request).id, request.query.id, request.query.mode);
      return { result: true };
    },
  );
}

/** Checkout under /shoppingCarts, and payment options' perform and validate (SPEC §7.3, §7.4). */
export async function checkoutRoutes(
  app: FastifyInstance,
  options: { checkout: CheckoutService },
): Promise<void> {
  const { checkout } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const answer = { response: { 200: paymentOperationResultSchema } };

  api.post(
    '/shoppingCarts/checkoutShoppingCart',
    { ...signedIn, schema: { body: checkoutRequestSchema, ...answer } },
    (request) =>
      checkout.checkout(
        request.body,
        cartViewerOf(request),
        request.store.snapshot.store.id,
        requireUser(request),
      ),
  );
  api.post(
    '/shoppingCarts/rechargePersonalAccount',
    { ...signedIn, schema: { body: rechargePersonalAccountRequestSchema, ...answer } },
    (request) => {
      if (!storeOption(request.store, 'AllowPersonalAccount')) throw new DomainError('NOT_FOUND');
      return checkout.recharge(
        request.body,
        cartViewerOf(request),
        request.store.snapshot.store.id,
        requireUser(request),
      );
    },
  );
  api.post(
    '/paymentOptions/perform',
    { ...signedIn, schema: { body: performPaymentRequestSchema, ...answer } },
    (request) => checkout.payOrder(request.body, cartViewerOf(request), requireUser(request)),
  );
  api.post(
    '/paymentOptions/:id/validate',
    { ...signedIn, schema: { params: idParams, body: validatePaymentRequestSchema, ...answer } },
    (request) =>
      checkout.validate({
        userId: requireUser(request).id,
        paymentOptionId: request.params.id,
        queryString: request.body.queryString,
      }),
  );
}

/**
 * A user's own orders (SPEC §7.4): list, detail, cancel, invoice templates; and, for the operator
 * (x-operator-token), the refund of what an order left unused.
 */
export async function ordersRoutes(
  app: FastifyInstance,
  options: {
    orders: OrdersService;
    invoices: InvoiceService;
    refunds: RefundsService;
    requireOperator: OperatorGuard;
  },
): Promise<void> {
  const { orders, refunds, requireOperator } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/:id/refund',
    {
      onRequest: async (request) => requireOperator(request),
      schema: {
        params: idParams,
        body: z.object({ reason: z.string().trim().min(1).max(500).optional() }).nullish(),
        response: { 200: refundOutcomeSchema },
      },
    },
    (request) => refunds.refund(request.params.id, request.body?.reason ?? 'requested by the customer'),
  );

  api.post(
    '/fetchOrderList',
    {
      ...signedIn,
      schema: { body: fetchOrderListRequestSchema.nullish(), response: { 200: orderListSchema } },
    },
    (request) => orders.list(requireUser(request).id, request.body ?? {}, request.store.language),
  );
  api.post(
    '/:id/fetchOrder',
    {
      ...signedIn,
      schema: { params: idParams, body: emptyBody, response: { 200: fetchOrderResponseSchema } },
    },
    async (request) => {
      const order = await orders.get(requireUser(request).id, request.params.id, request.store.language);
      return { order, orderType: 'customer_order' as const, id: order.id };
    },
  );
  api.post(
    '/:id/cancelOrder',
    { ...signedIn, schema: { params: idParams, body: emptyBody, response: { 200: orderSchema } } },
    (request) => orders.cancel(requireUser(request).id, request.params.id, request.store.language),
  );
  // Print (SPEC §7.4): the invoice as a PDF, in the request's language.
  api.get(
    '/:id/displayLayoutTemplate',
    {
      ...signedIn,
      schema: {
        params: idParams,
        querystring: z.object({
          layoutTemplateId: z.literal('invoice').default('invoice'),
          format: z.literal('pdf').default('pdf'),
          tenantClientId: z.string().max(100).optional(),
          storeId: z.string().max(100).optional(),
          localeId: z.string().max(10).optional(),
        }),
      },
    },
    async (request, reply) => {
      const pdf = await options.invoices.pdf(
        requireUser(request).id,
        request.params.id,
        request.store.language,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="invoice-${request.params.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
  api.post(
    '/fetchLayoutTemplateList',
    { schema: { body: emptyBody, response: { 200: layoutTemplateListSchema } } },
    async (request) => ({
      output: [
        {
          id: 'invoice',
          name: request.store.language === 'ru' ? 'Счёт' : 'Invoice',
          predefined: true,
          predefinedName: 'InvoicePrintTemplate',
          formats: ['pdf' as const],
        },
      ],
    }),
  );
}
