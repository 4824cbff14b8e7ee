import type {
  CartErrorReason,
  CartItem,
  ContactSet,
  DeliveryOption,
  Language,
  PaymentOption,
  ProductTradeOffer,
  ShoppingCart,
} from '@cutout/contracts';
import {
  countedQuantity,
  includedVat,
  parseQuantityLimitRange,
  personalAccountProviderId,
} from '@cutout/contracts';
import type { CartItemRow, CartRow } from './cart.repo.ts';

/** Delivery is sold with VAT at the standard rate, included in its price. */
export const deliveryVatRatePercent = 22;

/** The quantities a limited product allows, or null when any quantity goes (SPEC §5). */
export function allowedQuantitiesOf(offer: ProductTradeOffer): number[] | null {
  const { useQuantityLimit, quantityLimitRange } = offer.product;
  if (!useQuantityLimit || !quantityLimitRange) return null;
  const parsed = parseQuantityLimitRange(quantityLimitRange);
  return parsed.ok ? parsed.values : null;
}

/** Whether a trade offer is goods to deliver (litre bundles, codes and top-ups are delivered online). */
export const needsDelivery = (offer: ProductTradeOffer) =>
  offer.product.typeId === 'product_types.goods' && offer.product.litres === null;

export interface CartRules {
  /** AllowClientProductInStock: stock is counted and an item beyond it cannot be bought. */
  countStock: boolean;
  /** AllowDelivery: goods are delivered by one of the delivery options. */
  allowDelivery: boolean;
  /** RecipientContactsRequired. */
  recipientRequired: boolean;
  /** AllowPersonalAccount: the personal account is a way to pay. */
  personalAccount?: boolean;
}

export interface CartInput {
  cart: CartRow;
  items: CartItemRow[];
  offers: Map<string, ProductTradeOffer>;
  deliveryOptions: DeliveryOption[];
  deliveryOption: DeliveryOption | null;
  deliveryContactSet: ContactSet | null;
  recipientContactSet: ContactSet | null;
  paymentOption: PaymentOption | null;
  currency: string;
  language: Language;
  rules: CartRules;
  /** The promo code's discount of each item (by item id), evaluated by the promotions module. */
  discounts?: Map<string, ItemDiscount>;
  /** The stored promo code no longer applies: no discount, and the cart says so (errorReason). */
  promoCodeInvalid?: boolean;
  /** The price of each subscription plan item (by item id) for its period, and its upgrade credit. */
  planPrices?: Map<string, PlanQuote>;
  /** The buyer's bonus points; none: nothing can be written off. */
  bonusPointBalance?: number;
  /** What the personal account holds in the cart's currency, when it is the chosen way to pay. */
  personalAccountBalance?: number;
}

/** A plan's price for the item's period (null: not sold so) and what an upgrade takes off it. */
export interface PlanQuote {
  price: number | null;
  credit: number;
}

export interface ItemDiscount {
  /** Minor units off the item's price × quantity. */
  amount: number;
  percent: number;
}

/**
 * Bonus points (issue 15): a point is worth one rouble, or one cent of a dollar or a euro. A paid
 * item earns 5 % of what is paid for it; up to half of an item's price (after the promo code) can
 * be paid with points. Money products (isMoneyProduct) neither earn nor take points.
 */
export const bonusPolicy = {
  pointValueMinor: { RUB: 100, USD: 1, EUR: 1 } as Record<string, number>,
  incomePercent: 5,
  outcomeLimitPercent: 50,
};

export const bonusPointValue = (currency: string) => bonusPolicy.pointValueMinor[currency] ?? 1;

/**
 * Products that are money (a personal-account top-up, a gift card worth its price): no promo code
 * or points take anything off them and they earn no points, or money could be bought for less.
 */
export const isMoneyProduct = (product: CartItem['product']) =>
  product?.typeId === 'product_types.personal_account' ||
  (product?.typeId === 'product_types.gift_card' && product.litres === null);

const isTopUpLine = (item: CartItem) => item.product?.typeId === 'product_types.personal_account';

/** Nothing earned or written off (delivery, top-ups). */
const noBonuses = {
  bonusPointIncome: 0,
  bonusPointIncomeConverted: 0,
  bonusPointOutcome: 0,
  bonusPointOutcomeConverted: 0,
  bonusPointOutcomeLimit: 0,
  bonusPointOutcomeLimitConverted: 0,
};

function productItem(row: CartItemRow, offer: ProductTradeOffer, input: CartInput): CartItem {
  const option = offer.featureItems.find((item) => item.id === row.optionId) ?? null;
  const plan = input.planPrices?.get(row.id);
  const price = plan ? plan.price : ((option?.price ?? offer.price)?.amountMinor ?? null);
  const amountWithoutDiscount = (price ?? 0) * row.quantity;
  const promo = (row.selected && input.discounts?.get(row.id)) || { amount: 0, percent: 0 };
  // An upgrade's credit (the unused part of the plan it replaces) comes off with the promo code's.
  const credit = plan?.credit ?? 0;
  const discountAmount = Math.min(promo.amount + credit, amountWithoutDiscount);
  const discount = {
    amount: discountAmount,
    percent:
      credit > 0 && amountWithoutDiscount > 0
        ? Math.round((discountAmount * 100) / amountWithoutDiscount)
        : promo.percent,
  };
  const amount = amountWithoutDiscount - discountAmount;
  const vatRatePercent = offer.product.vatRatePercent;
  const inStock =
    !input.rules.countStock || offer.availableQuantity === null || offer.availableQuantity >= row.quantity;
  const amountInAnotherCurrency = row.amountCurrency !== null && row.amountCurrency !== input.currency;
  return {
    id: row.id,
    typeId: 'shopping_cart_product_types.regular',
    tradeOfferId: offer.id,
    productId: offer.productId,
    product: offer.product,
    name: offer.product.name,
    unitId: offer.product.unitId,
    featureId: option?.featureId ?? null,
    optionId: option?.id ?? null,
    optionName: option ? (option.displayName[input.language] ?? option.value) : null,
    productSetId: row.productSetId,
    productSetFeatureId: row.productSetFeatureId,
    quantity: row.quantity,
    allowedQuantities: allowedQuantitiesOf(offer),
    price,
    amount,
    amountWithVat: amount,
    amountWithoutDiscount,
    vatRatePercent,
    // VAT is on what the buyer pays: the discounted amount.
    vatAmount: includedVat(amount, vatRatePercent),
    autoDiscountPercent: discountAmount > 0 ? discount.percent : 0,
    autoDiscountAmount: discountAmount,
    upgradeCreditAmount: Math.min(credit, discountAmount),
    ...noBonuses,
    selected: row.selected,
    available: price !== null && inStock && !amountInAnotherCurrency,
    availableQuantity: offer.availableQuantity,
    validityPeriodId: row.validityPeriodId,
    validityPeriodCount: row.validityPeriodCount,
  };
}

function deliveryItem(option: DeliveryOption, amount: number): CartItem {
  return {
    ...noBonuses,
    autoDiscountPercent: 0,
    autoDiscountAmount: 0,
    id: `delivery:${option.id}`,
    typeId: 'shopping_cart_product_types.delivery',
    tradeOfferId: null,
    productId: null,
    product: null,
    name: option.name,
    unitId: 'units.service',
    featureId: null,
    optionId: null,
    optionName: null,
    productSetId: null,
    productSetFeatureId: null,
    quantity: 1,
    allowedQuantities: null,
    price: amount,
    amount,
    amountWithVat: amount,
    amountWithoutDiscount: amount,
    vatRatePercent: deliveryVatRatePercent,
    vatAmount: includedVat(amount, deliveryVatRatePercent),
    selected: true,
    available: true,
    availableQuantity: null,
    validityPeriodId: null,
    validityPeriodCount: null,
  };
}

const sum = (items: CartItem[], pick: (item: CartItem) => number) =>
  items.reduce((total, item) => total + pick(item), 0);

/** The first reason the cart cannot be checked out (SPEC §5 checkout rules), or null. */
function errorReasonOf(
  input: CartInput,
  products: CartItem[],
  needs: { deliveryRequired: boolean; recipientRequired: boolean },
  amount: number,
) {
  const { deliveryRequired } = needs;
  const selected = products.filter((item) => item.selected);
  const reasons: Array<[boolean, CartErrorReason]> = [
    [products.length === 0, 'cart_error_empty'],
    [selected.length === 0, 'cart_error_nothing_selected'],
    [selected.some((item) => item.price === null), 'cart_error_no_price'],
    [selected.some((item) => !item.available && isTopUpLine(item)), 'cart_error_top_up_currency'],
    [selected.some((item) => !item.available), 'cart_error_out_of_stock'],
    [
      deliveryRequired && input.deliveryOptions.length > 0 && !input.deliveryOption,
      'cart_error_delivery_required',
    ],
    [
      deliveryRequired && !!input.deliveryOption && !input.deliveryContactSet,
      'cart_error_delivery_contact_required',
    ],
    [needs.recipientRequired && !input.recipientContactSet, 'cart_error_recipient_required'],
    [amount > 0 && !input.paymentOption, 'cart_error_payment_option_required'],
    [input.promoCodeInvalid === true, 'cart_error_promo_code_invalid'],
    // Said before the order is placed, not only refused after (the checkout's INSUFFICIENT_FUNDS).
    [
      amount > 0 &&
        input.paymentOption?.providerId === personalAccountProviderId &&
        (input.personalAccountBalance ?? 0) < amount,
      'cart_error_personal_account_short',
    ],
  ];
  return reasons.find(([applies]) => applies)?.[1] ?? null;
}

/** The most points the selected items may take: the smaller of the balance and their limits' sum (SPEC §9). */
export const bonusOutcomeMaximum = (items: CartItem[], balance: number) =>
  Math.min(
    balance,
    items.reduce((total, item) => total + (item.selected ? item.bonusPointOutcomeLimit : 0), 0),
  );

/**
 * Fills the items' bonus fields: each selected item's limit, the asked write-off (clamped to the
 * maximum) taken item by item in cart order up to each limit and off its amount (VAT follows), and
 * what each earns on what is left to pay.
 */
function withBonuses(items: CartItem[], input: CartInput) {
  const value = bonusPointValue(input.currency);
  const balance = input.bonusPointBalance ?? 0;
  const earns = (item: CartItem) => item.selected && !isMoneyProduct(item.product) && item.price !== null;
  const limited = items.map((item) => {
    if (!earns(item)) return item;
    const limit = Math.floor((item.amount * bonusPolicy.outcomeLimitPercent) / 100 / value);
    return { ...item, bonusPointOutcomeLimit: limit, bonusPointOutcomeLimitConverted: limit * value };
  });
  const outcome = Math.min(input.cart.bonusPointOutcome ?? 0, bonusOutcomeMaximum(limited, balance));
  let rest = outcome;
  const priced = limited.map((item) => {
    if (!earns(item)) return item;
    const points = Math.min(rest, item.bonusPointOutcomeLimit);
    rest -= points;
    const amount = item.amount - points * value;
    const income = Math.floor((amount * bonusPolicy.incomePercent) / 100 / value);
    return {
      ...item,
      amount,
      amountWithVat: amount,
      vatAmount: includedVat(amount, item.vatRatePercent),
      bonusPointOutcome: points,
      bonusPointOutcomeConverted: points * value,
      bonusPointIncome: income,
      bonusPointIncomeConverted: income * value,
    };
  });
  return { items: priced, balance, outcome };
}

/**
 * The cart as the API answers it: every amount computed here, on the server, in minor units of the
 * cart's currency, for the selected items; delivery summed apart from the products (SPEC §9).
 */
export function priceCart(input: CartInput): ShoppingCart {
  const {
    items: products,
    balance,
    outcome,
  } = withBonuses(
    input.items.flatMap((row) => {
      const offer = input.offers.get(row.tradeOfferId);
      return offer ? [productItem(row, offer, input)] : [];
    }),
    input,
  );
  const selected = products.filter((item) => item.selected);
  const deliveryRequired =
    input.rules.allowDelivery &&
    selected.some((item) => {
      const offer = item.tradeOfferId ? input.offers.get(item.tradeOfferId) : undefined;
      return offer !== undefined && needsDelivery(offer);
    });
  const delivery =
    deliveryRequired && input.deliveryOption?.price
      ? [deliveryItem(input.deliveryOption, input.deliveryOption.price.amountMinor)]
      : [];
  const productsAmount = sum(selected, (item) => item.amount);
  const deliveryAmount = sum(delivery, (item) => item.amount);
  const amount = productsAmount + deliveryAmount;
  const deliveryOption = deliveryRequired ? input.deliveryOption : null;
  // Goods that someone hands over need someone to hand them to, whatever the store's option says.
  const recipientRequired = input.rules.recipientRequired || deliveryOption !== null;
  return {
    id: input.cart.id,
    currency: input.currency,
    productItems: [...products, ...delivery],
    productCount: sum(products, countedQuantity),
    paymentOptionId: input.paymentOption?.id ?? null,
    paymentOption: input.paymentOption,
    deliveryOptionId: deliveryOption?.id ?? null,
    deliveryOption,
    deliveryContactSetId: deliveryOption ? (input.deliveryContactSet?.id ?? null) : null,
    deliveryContactSet: deliveryOption ? input.deliveryContactSet : null,
    recipientContactSetId: input.recipientContactSet?.id ?? null,
    recipientContactSet: input.recipientContactSet,
    deliveryRequired,
    recipientRequired,
    couponCodePrompt: input.cart.couponCode,
    bonusPointBalance: balance,
    bonusPointOutcome: outcome,
    amount,
    amountWithoutDiscount: sum(selected, (item) => item.amountWithoutDiscount) + deliveryAmount,
    productsAmount,
    deliveryAmount,
    discountAmount: sum(selected, (item) => item.autoDiscountAmount),
    vatAmount: sum(selected, (item) => item.vatAmount) + sum(delivery, (item) => item.vatAmount),
    errorReason: errorReasonOf(
      { ...input, deliveryOption },
      products,
      { deliveryRequired, recipientRequired },
      amount,
    ),
  };
}
