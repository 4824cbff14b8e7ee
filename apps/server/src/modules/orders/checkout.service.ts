import type {
  CheckoutRequest,
  PaymentOperationResult,
  PerformPaymentRequest,
  RechargePersonalAccountRequest,
} from '@cutout/contracts';
import { isCurrencyCode } from '@cutout/contracts';
import { DomainError } from '../../platform/errors.ts';
import { localized } from '../../platform/localized.ts';
import type { CartViewer } from '../cart/cart.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { CheckoutInput, CheckoutWorkflow } from './checkout.workflow.ts';
import { orderStateMachine } from './order.state.ts';
import { type OrdersService, orderNameOf } from './orders.service.ts';

interface Buyer {
  email: string | null;
  phoneNumber: string | null;
}

/**
 * What the checkout screens call: place the cart as an order and pay it (SPEC §4), pay an unpaid
 * order again, and validate the buyer's return from the provider.
 */
export function createCheckoutService(deps: {
  workflow: CheckoutWorkflow;
  orders: Pick<OrdersService, 'ownOrThrow' | 'itemsOf' | 'awaitPayment'>;
  payments: Pick<PaymentsService, 'start' | 'validate'>;
  /** The site's origins: the provider sends the buyer back only to them (no open redirect). */
  siteOrigins: string[];
}) {
  function checkCallbacks(urls: string[]): void {
    for (const url of urls) {
      if (!deps.siteOrigins.includes(new URL(url).origin)) {
        throw new DomainError('CALLBACK_NOT_ALLOWED', { params: { origin: deps.siteOrigins.join(', ') } });
      }
    }
  }

  /** Runs the checkout workflow for a buyer, once the callbacks are known to be the site's own. */
  function place(
    callbacks: { resolveCallbackUrl: string; rejectCallbackUrl: string },
    viewer: CartViewer,
    storeId: string,
    buyer: Buyer,
    what: Pick<CheckoutInput, 'expectedAmount' | 'recharge'>,
  ): Promise<PaymentOperationResult> {
    checkCallbacks([callbacks.resolveCallbackUrl, callbacks.rejectCallbackUrl]);
    return deps.workflow.run({
      viewer,
      storeId,
      customer: { email: buyer.email, phoneNumber: buyer.phoneNumber },
      resolveCallbackUrl: callbacks.resolveCallbackUrl,
      rejectCallbackUrl: callbacks.rejectCallbackUrl,
      ...what,
    });
  }

  return {
    checkout(
      request: CheckoutRequest,
      viewer: CartViewer,
      storeId: string,
      buyer: Buyer,
    ): Promise<PaymentOperationResult> {
      return place(request, viewer, storeId, buyer, { expectedAmount: request.expectedAmount });
    },

    /**
     * Tops up the personal account (SPEC §7.3 rechargePersonalAccount): an order of the
     * personal-account product for the amount, paid with the chosen option; the cart is left alone.
     */
    recharge(
      request: RechargePersonalAccountRequest,
      viewer: CartViewer,
      storeId: string,
      buyer: Buyer,
    ): Promise<PaymentOperationResult> {
      return place(request, viewer, storeId, buyer, {
        recharge: { paymentOptionId: request.paymentOptionId, amount: request.rechargeAmount },
      });
    },

    /** Pays an unpaid order of the user again (SPEC §4 order pay), with any option that takes its currency. */
    async payOrder(
      request: PerformPaymentRequest,
      viewer: CartViewer,
      buyer: Buyer,
    ): Promise<PaymentOperationResult> {
      checkCallbacks([request.resolveCallbackUrl, request.rejectCallbackUrl]);
      const [document] = request.documentItemList;
      const order = await deps.orders.ownOrThrow(viewer.userId, document?.documentId ?? '');
      if (
        !orderStateMachine.can(order.status, 'paid') ||
        order.amountMinor === 0 ||
        !isCurrencyCode(order.currency)
      ) {
        throw new DomainError('ORDER_NOT_PAYABLE');
      }
      const currency = order.currency;
      const items = await deps.orders.itemsOf(order.id);
      const result = await deps.payments.start({
        orderId: order.id,
        userId: viewer.userId,
        paymentOptionId: request.paymentOptionId,
        amount: { amountMinor: order.amountMinor, currency },
        description: orderNameOf(order.number, viewer.language),
        lines: items.map((item) => ({
          name: localized(item.name, viewer.language),
          quantity: item.quantity,
          unitPrice: { amountMinor: item.unitPriceMinor, currency },
        })),
        resolveUrl: request.resolveCallbackUrl,
        rejectUrl: request.rejectCallbackUrl,
        customer: buyer,
        language: viewer.language,
        // A top-up is never paid from the account it fills (as at checkout).
        personalAccount:
          viewer.rules.personalAccount === true &&
          !items.some((item) => item.productType === 'personal_account'),
      });
      await deps.orders.awaitPayment(order.id, request.paymentOptionId);
      return result;
    },

    validate: (input: { userId: string; paymentOptionId: string; queryString: string }) =>
      deps.payments.validate(input),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
