import { randomUUID } from 'node:crypto';
import type {
  CartItem,
  Language,
  PaymentOperationResult,
  ProductTradeOffer,
  ShoppingCart,
} from '@cutout/contracts';
import type { Transactor } from '../../platform/db/transactions.ts';
import { DomainError } from '../../platform/errors.ts';
import { defineWorkflow, type Workflow, type WorkflowLog } from '../../platform/workflow/workflow.ts';
import type { CartService, CartViewer } from '../cart/cart.service.ts';
import { addressLine } from '../cart/contact-sets.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { type PromotionsService, promoCodeError } from '../promotions/promotions.service.ts';
import type { OrderRow, OrdersRepo } from './orders.repo.ts';
import type { OrderContacts, orderItems, StockLine } from './orders.schema.ts';
import { type OrdersService, orderNameOf } from './orders.service.ts';

export interface CheckoutInput {
  viewer: CartViewer;
  customer: { email: string | null; phoneNumber: string | null };
  storeId: string;
  resolveCallbackUrl: string;
  rejectCallbackUrl: string;
  /** The total the buyer saw; a cart that costs otherwise now is refused (CART_CHANGED). */
  expectedAmount?: number;
  /** A personal-account top-up: ordered on its own, the buyer's cart is neither read nor cleared. */
  recharge?: { paymentOptionId: string; amount: number };
}

export type CheckoutWorkflow = Workflow<CheckoutInput, PaymentOperationResult>;

/** What the points the cart spends are worth, in its currency's minor units. */
const bonusMoneyOf = (cart: ShoppingCart) =>
  cart.productItems.reduce((total, item) => total + (item.selected ? item.bonusPointOutcomeConverted : 0), 0);

/** The part of the cart's discount that plan upgrades' credits make (the unused part of the plans they replace). */
const upgradeCreditOf = (cart: ShoppingCart) =>
  cart.productItems.reduce((total, item) => total + (item.selected ? (item.upgradeCreditAmount ?? 0) : 0), 0);

const stockLines = (cart: ShoppingCart) =>
  cart.productItems.flatMap((item) =>
    item.selected && item.typeId === 'shopping_cart_product_types.regular' && item.tradeOfferId
      ? [{ tradeOfferId: item.tradeOfferId, quantity: item.quantity }]
      : [],
  );

function orderLine(
  orderId: string,
  item: CartItem,
  position: number,
  offer: ProductTradeOffer | undefined,
  deliveryName: Record<string, string> | null,
) {
  const option = offer?.featureItems.find((feature) => feature.id === item.optionId);
  const line: typeof orderItems.$inferInsert = {
    id: randomUUID(),
    orderId,
    position,
    type: item.typeId === 'shopping_cart_product_types.delivery' ? 'delivery' : 'regular',
    tradeOfferId: item.tradeOfferId,
    productId: item.productId,
    productType: offer ? offer.product.typeId.replace('product_types.', '') : null,
    // A delivery line is named in every language, as the order's delivery is: an invoice printed
    // in the other language names it in that one.
    name:
      offer?.product.displayName ??
      (item.typeId === 'shopping_cart_product_types.delivery' && deliveryName
        ? { en: item.name, ru: item.name, ...deliveryName }
        : { en: item.name, ru: item.name }),
    optionId: item.optionId,
    optionName: option?.displayName ?? null,
    article: offer?.product.article ?? null,
    unitId: item.unitId,
    quantity: item.quantity,
    unitPriceMinor: item.price ?? 0,
    amountMinor: item.amount,
    vatRatePercent: item.vatRatePercent,
    vatMinor: item.vatAmount,
    productSetId: item.productSetId,
    litres: offer?.product.litres ?? null,
    validityPeriodId: item.validityPeriodId,
    setPrintOption:
      offer?.product.productSet?.printOptionId.replace('product_set_print_options.', '') ?? null,
  };
  return line;
}

function contactsOf(
  cart: ShoppingCart,
  language: Language,
  deliveryOptionName: Record<string, string> | null,
): OrderContacts {
  const delivery = cart.deliveryContactSet;
  const recipient = cart.recipientContactSet;
  const address = delivery?.contacts.find((contact) => contact.address)?.address ?? null;
  const contact = (typeId: string) =>
    recipient?.contacts.find((item) => item.typeId === typeId)?.view ?? null;
  return {
    deliveryOptionId: cart.deliveryOption?.id ?? null,
    deliveryOptionName: cart.deliveryOption
      ? (deliveryOptionName ?? { [language]: cart.deliveryOption.name })
      : null,
    deliveryAddress: delivery ? (address ? addressLine(address, language) : delivery.view) : null,
    address,
    pickupPointId: delivery?.pickupPoint?.id ?? null,
    recipientName: contact('contact_types.full_name'),
    recipientPhone: contact('contact_types.phone'),
    recipientEmail: contact('contact_types.email'),
  };
}

/**
 * Checkout (SPEC §4): in one transaction, the cart is priced and checked, the goods are taken out
 * of stock, the order and its invoice are written and the cart gives up what was ordered; then a
 * payment is opened at the provider (outside the transaction: a provider's answer never holds the
 * database). An order with nothing to pay is paid at once. A checkout that fails before the order
 * is written leaves the cart, the stock and the invoice numbers as they were.
 */
export function createCheckoutWorkflow(deps: {
  transactor: Pick<Transactor, 'run'>;
  cart: Pick<CartService, 'lockForCheckout' | 'clearCheckedOut' | 'priceRecharge'>;
  takeStock: (lines: StockLine[], options: { backOrder: boolean }) => Promise<StockLine[] | null>;
  /** A delivery option's name in every language: the order shows it in the reader's. */
  deliveryNames: (deliveryOptionId: string) => Promise<Record<string, string> | null>;
  repo: OrdersRepo;
  orders: Pick<OrdersService, 'markPaid' | 'awaitPayment' | 'notifyPaid'>;
  payments: Pick<PaymentsService, 'start'>;
  promotions: Pick<PromotionsService, 'redeem'>;
  /** Takes the points the order is paid with (INSUFFICIENT_BALANCE when the balance fell short). */
  spendBonusPoints: (input: { userId: string; points: number; orderId: string }) => Promise<void>;
  log: WorkflowLog;
  now: () => Date;
}): CheckoutWorkflow {
  return defineWorkflow<CheckoutInput>({ name: 'checkout', transactor: deps.transactor, log: deps.log })
    .transaction('place the order', (steps) =>
      steps
        .step({
          name: 'price the cart',
          run: async ({ viewer, expectedAmount, recharge }) => {
            const { cart, offers } = recharge
              ? await deps.cart.priceRecharge(viewer, recharge)
              : await deps.cart.lockForCheckout(viewer);
            // Paid from the personal account: too little money there places no order (a payment
            // racing for the same money is refused later, when it is taken).
            if (cart.errorReason === 'cart_error_personal_account_short') {
              throw new DomainError('INSUFFICIENT_FUNDS');
            }
            if (cart.errorReason) {
              throw new DomainError('CART_NOT_READY', { details: { reason: cart.errorReason } });
            }
            if (expectedAmount !== undefined && expectedAmount !== cart.amount) {
              throw new DomainError('CART_CHANGED', { details: { amount: cart.amount } });
            }
            return { cart, offers };
          },
        })
        .step({
          name: 'take the goods out of stock',
          // Where the store does not count stock it takes orders beyond it: the shelf's part is
          // still taken, so that the stock it shows stays true.
          run: async ({ cart, viewer }) => {
            const stockTaken = await deps.takeStock(stockLines(cart), {
              backOrder: !viewer.rules.countStock,
            });
            if (!stockTaken) throw new DomainError('OUT_OF_STOCK');
            return { stockTaken };
          },
        })
        .step({
          name: 'write the order and its invoice',
          run: async ({ cart, offers, viewer, storeId, stockTaken }) => {
            const now = deps.now();
            const id = randomUUID();
            const deliveryName = cart.deliveryOption
              ? await deps.deliveryNames(cart.deliveryOption.id)
              : null;
            const lines = cart.productItems
              .filter((item) => item.selected)
              .map((item, position) =>
                orderLine(
                  id,
                  item,
                  position,
                  item.tradeOfferId ? offers.get(item.tradeOfferId) : undefined,
                  deliveryName,
                ),
              );
            const order = await deps.repo.insert(
              {
                id,
                userId: viewer.userId,
                storeId,
                status: 'placed',
                currency: cart.currency,
                language: viewer.language,
                amountMinor: cart.amount,
                amountWithoutDiscountMinor: cart.amountWithoutDiscount,
                discountMinor: cart.discountAmount + bonusMoneyOf(cart),
                upgradeCreditMinor: upgradeCreditOf(cart),
                bonusPointOutcome: cart.bonusPointOutcome,
                bonusPointIncome: cart.productItems.reduce(
                  (total, item) => total + (item.selected ? item.bonusPointIncome : 0),
                  0,
                ),
                vatMinor: cart.vatAmount,
                deliveryMinor: cart.deliveryAmount,
                paymentOptionId: cart.paymentOptionId,
                contacts: contactsOf(cart, viewer.language, deliveryName),
                needsDelivery: cart.deliveryRequired,
                stockTaken,
                placedAt: now,
                updatedAt: now,
              },
              lines,
            );
            await deps.repo.issueInvoice({ id: randomUUID(), orderId: id, issuedAt: now });
            return { order, lines };
          },
        })
        .step({
          name: 'redeem the promo code',
          // The code's row is locked and its uses counted again: over a limit, nothing is ordered.
          // A code redeemed is named on the order (its page and invoice), in the same transaction.
          run: async ({ cart, order, viewer }) => {
            if (!cart.couponCodePrompt) return;
            const redeemed = await deps.promotions.redeem({
              code: cart.couponCodePrompt,
              userId: viewer.userId,
              orderId: order.id,
              currency: cart.currency,
              // The code's own part: an upgrade's credit comes off the line as well, but is no discount.
              discountMinor: cart.discountAmount - upgradeCreditOf(cart),
            });
            if (!redeemed.ok) throw promoCodeError(redeemed.refusal);
            await deps.repo.update(order.id, { promoCode: redeemed.code });
          },
        })
        .step({
          name: 'write off the bonus points',
          // The points account is locked while it is debited: two checkouts spending the same
          // points are served one after another, and the second finds too few.
          run: async ({ cart, order, viewer }) => {
            if (cart.bonusPointOutcome === 0) return;
            try {
              await deps.spendBonusPoints({
                userId: viewer.userId,
                points: cart.bonusPointOutcome,
                orderId: order.id,
              });
            } catch (error) {
              if (error instanceof DomainError && error.code === 'INSUFFICIENT_BALANCE') {
                throw new DomainError('CART_CHANGED', { details: { reason: 'bonus_points' } });
              }
              throw error;
            }
          },
        })
        .step({
          name: 'take the ordered items out of the cart',
          run: async ({ cart, recharge }) => {
            if (!recharge) await deps.cart.clearCheckedOut(cart.id);
          },
        }),
    )
    .step({
      name: 'open the payment',
      run: async (context) => ({ result: await pay(context) }),
    })
    .returning(({ result }) => result);

  async function pay(
    context: CheckoutInput & {
      order: OrderRow;
      cart: ShoppingCart;
      lines: Array<typeof orderItems.$inferInsert>;
    },
  ) {
    const { order, cart, viewer } = context;
    if (order.amountMinor === 0) {
      const paid = await deps.orders.markPaid(order.id);
      if (paid.changed) deps.orders.notifyPaid(paid.order);
      return {
        statusId: 'payment_operation_statuses.paid' as const,
        formUrl: null,
        formMethod: null,
        formInputList: [],
        paymentRequired: false,
        orderId: order.id,
      };
    }
    const result = await deps.payments.start({
      orderId: order.id,
      userId: viewer.userId,
      paymentOptionId: cart.paymentOptionId as string,
      amount: { amountMinor: order.amountMinor, currency: order.currency as 'RUB' },
      description: orderNameOf(order.number, viewer.language as Language),
      lines: context.lines.map((line) => ({
        name: (line.name as Record<string, string>)[viewer.language] ?? '',
        quantity: line.quantity,
        unitPrice: { amountMinor: line.unitPriceMinor, currency: order.currency as 'RUB' },
      })),
      resolveUrl: context.resolveCallbackUrl,
      rejectUrl: context.rejectCallbackUrl,
      customer: context.customer,
      language: viewer.language,
      // A top-up is never paid from the account it fills.
      personalAccount: viewer.rules.personalAccount === true && !context.recharge,
    });
    await deps.orders.awaitPayment(order.id, cart.paymentOptionId as string);
    return result;
  }
}
