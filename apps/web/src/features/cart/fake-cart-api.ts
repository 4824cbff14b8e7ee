import {
  type CartItem,
  type ContactSet,
  countedQuantity,
  type DeliveryOption,
  MONEY_UNIT,
  type Order,
  type PaymentOperationResult,
  type ShoppingCart,
} from '@cutout/contracts';

/**
 * For tests: the cart calls answered at fetch level over an in-memory cart, each call recorded with
 * its body. Changes are applied as the server would for what the screens send (quantity, selected,
 * select-all, choices, promo code, bonus points); sums are recomputed from the items.
 *
 * Bonus points, simply: a point is worth 100 minor units (₽1); a selected priced item may take
 * points for up to half its amount after the promo discount (its limit) and earns 5 % of what is
 * left to pay. The points asked for are clamped to the maximum (the smaller of the balance and the
 * selected items' limits) and taken item by item in cart order, each up to its limit.
 */

/** A promo code the fake knows: a percent off every selected item, or the server's refusal. */
export type FakePromoCode = { percent: number } | Refusal;

/** What a point is worth in the fake, in minor units. */
export const fakeBonusPointValue = 100;
const bonusLimitPercent = 50;
const bonusIncomePercent = 5;

export function cartItemFixture(overrides: Partial<CartItem> = {}): CartItem {
  const price = overrides.price === undefined ? 150_000 : overrides.price;
  const quantity = overrides.quantity ?? 1;
  return {
    id: 'item-1',
    typeId: 'shopping_cart_product_types.regular',
    tradeOfferId: 'offer-1',
    productId: 'product-1',
    product: null,
    name: 'Folding light box',
    unitId: 'pcs',
    featureId: null,
    optionId: null,
    optionName: null,
    productSetId: null,
    productSetFeatureId: null,
    quantity,
    allowedQuantities: null,
    price,
    amount: (price ?? 0) * quantity,
    amountWithVat: (price ?? 0) * quantity,
    amountWithoutDiscount: (price ?? 0) * quantity,
    vatRatePercent: 20,
    vatAmount: 0,
    autoDiscountPercent: 0,
    autoDiscountAmount: 0,
    bonusPointIncome: 0,
    bonusPointIncomeConverted: 0,
    bonusPointOutcome: 0,
    bonusPointOutcomeConverted: 0,
    bonusPointOutcomeLimit: 0,
    bonusPointOutcomeLimitConverted: 0,
    selected: true,
    available: true,
    availableQuantity: null,
    validityPeriodId: null,
    validityPeriodCount: null,
    ...overrides,
  };
}

/** A personal-account top-up of `quantity` 1.00 units (₽750 by default), as the server prices it. */
export function topUpCartItemFixture(quantity = 750): CartItem {
  return cartItemFixture({
    id: 'top-up-1',
    tradeOfferId: 'offer_personal_account_top_up',
    productId: 'product_personal_account_top_up',
    name: 'Personal account top-up',
    unitId: MONEY_UNIT,
    quantity,
    price: 100,
    vatRatePercent: null,
    product: {
      id: 'product_personal_account_top_up',
      slugifyId: 'personal-account-top-up',
      typeId: 'product_types.personal_account',
      unitId: MONEY_UNIT,
      groupId: 'group_personal_account',
      name: 'Personal account top-up',
      defaultName: 'Personal account top-up',
      displayName: { en: 'Personal account top-up', ru: 'Пополнение лицевого счёта' },
      description: {},
      caption: {},
      article: null,
      litres: null,
      useQuantityLimit: false,
      quantityLimitRange: null,
      vatRatePercent: null,
      useFeatureOptionId: 'use_feature_options.use_by_product',
      kindId: null,
      productSet: null,
      images: [],
      primaryImage: null,
    },
  });
}

export const deliveryOptionsFixture: DeliveryOption[] = [
  {
    id: 'pickup',
    typeId: 'delivery_option_types.pickup',
    name: 'Pickup point',
    description: 'Collect it yourself',
    price: { amountMinor: 0, currency: 'RUB' },
    contactSetTypeId: 'partner_contact_set_types.outlet',
  },
  {
    id: 'courier',
    typeId: 'delivery_option_types.courier',
    name: 'Courier',
    description: 'To your door',
    price: { amountMinor: 40_000, currency: 'RUB' },
    contactSetTypeId: 'partner_contact_set_types.location',
  },
];

function cartOf(
  items: CartItem[],
  choices: Partial<ShoppingCart>,
  promoCodes: Record<string, FakePromoCode>,
  bonusPointBalance: number,
  /** The personal account's balance, when it is a way to pay. */
  personalAccountMinor?: number,
): ShoppingCart {
  const code = choices.couponCodePrompt ?? null;
  const promo = code ? promoCodes[code] : undefined;
  // A stored code the fake does not know (or now refuses) is stale: no discount, and the cart says so.
  const percent = promo && 'percent' in promo ? promo.percent : 0;
  const discounted = items.map((item) => {
    const amountWithoutDiscount = (item.price ?? 0) * item.quantity;
    // A plan upgrade's credit (given by the test on the item) comes off with the code's discount.
    const credit = item.selected ? (item.upgradeCreditAmount ?? 0) : 0;
    const discount = (item.selected ? Math.round((amountWithoutDiscount * percent) / 100) : 0) + credit;
    const amount = amountWithoutDiscount - discount;
    const earns = item.selected && item.price !== null;
    const limit = earns ? Math.floor((amount * bonusLimitPercent) / 100 / fakeBonusPointValue) : 0;
    return {
      ...item,
      amount,
      amountWithoutDiscount,
      autoDiscountPercent: discount > 0 ? percent : 0,
      autoDiscountAmount: discount,
      upgradeCreditAmount: credit,
      bonusPointOutcomeLimit: limit,
      bonusPointOutcomeLimitConverted: limit * fakeBonusPointValue,
    };
  });
  const limits = discounted.reduce((sum, item) => sum + item.bonusPointOutcomeLimit, 0);
  const bonusPointOutcome = Math.min(choices.bonusPointOutcome ?? 0, bonusPointBalance, limits);
  let rest = bonusPointOutcome;
  const priced = discounted.map((item) => {
    const points = Math.min(rest, item.bonusPointOutcomeLimit);
    rest -= points;
    const amount = item.amount - points * fakeBonusPointValue;
    const income =
      item.selected && item.price !== null
        ? Math.floor((amount * bonusIncomePercent) / 100 / fakeBonusPointValue)
        : 0;
    return {
      ...item,
      amount,
      amountWithVat: amount,
      bonusPointOutcome: points,
      bonusPointOutcomeConverted: points * fakeBonusPointValue,
      bonusPointIncome: income,
      bonusPointIncomeConverted: income * fakeBonusPointValue,
    };
  });
  const selected = priced.filter((item) => item.selected);
  const productsAmount = selected.reduce((sum, item) => sum + item.amount, 0);
  const discountAmount = selected.reduce((sum, item) => sum + item.autoDiscountAmount, 0);
  const deliveryRequired = choices.deliveryRequired ?? false;
  // As the server: goods going by a delivery option name their recipient.
  const recipientRequired = choices.recipientRequired ?? (deliveryRequired && !!choices.deliveryOptionId);
  const fromAccount = choices.paymentOptionId === personalAccountOption.id;
  const errorReason: ShoppingCart['errorReason'] =
    selected.length === 0
      ? 'cart_error_nothing_selected'
      : selected.some((item) => !item.available && item.unitId === MONEY_UNIT)
        ? 'cart_error_top_up_currency'
        : code && percent === 0
          ? 'cart_error_promo_code_invalid'
          : deliveryRequired && !choices.deliveryOptionId
            ? 'cart_error_delivery_required'
            : deliveryRequired && !choices.deliveryContactSetId
              ? 'cart_error_delivery_contact_required'
              : recipientRequired && !choices.recipientContactSetId
                ? 'cart_error_recipient_required'
                : !choices.paymentOptionId
                  ? 'cart_error_payment_option_required'
                  : fromAccount && (personalAccountMinor ?? 0) < productsAmount
                    ? 'cart_error_personal_account_short'
                    : null;
  return {
    id: 'cart-1',
    currency: 'RUB',
    productItems: priced,
    productCount: selected.reduce((sum, item) => sum + countedQuantity(item), 0),
    paymentOptionId: null,
    paymentOption: null,
    deliveryOptionId: null,
    deliveryContactSetId: null,
    deliveryContactSet: null,
    recipientContactSetId: null,
    recipientContactSet: null,
    couponCodePrompt: null,
    amount: productsAmount,
    amountWithoutDiscount: productsAmount + discountAmount,
    productsAmount,
    deliveryAmount: 0,
    discountAmount,
    vatAmount: Math.round(productsAmount / 6),
    ...choices,
    // The option chosen by id, as the server answers it (unless the test gives one).
    deliveryOption:
      choices.deliveryOption ??
      deliveryOptionsFixture.find((option) => option.id === choices.deliveryOptionId) ??
      null,
    ...(fromAccount && { paymentOption: personalAccountOption }),
    bonusPointBalance,
    bonusPointOutcome,
    deliveryRequired,
    recipientRequired,
    errorReason,
  };
}

const personalAccountOption = {
  id: 'personal-account',
  name: 'Personal account',
  description: 'Pay from your balance.',
  providerId: 'personal-account',
};

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Refusal = { status: number; code: string; message: string; details?: Record<string, unknown> };

type Body = Record<string, unknown> & {
  productItems?: Array<{ id?: string; quantity?: number; selected?: boolean }>;
  selectAll?: boolean;
};

export function fakeCartApi(
  options: {
    items?: CartItem[];
    choices?: Partial<ShoppingCart>;
    checkout?: PaymentOperationResult | Refusal;
    validate?: PaymentOperationResult | Refusal;
    signedIn?: boolean;
    /** Codes by their upper-case text. */
    promoCodes?: Record<string, FakePromoCode>;
    /** The user's bonus points (0: none); `choices.bonusPointOutcome` writes some off from the start. */
    bonusPointBalance?: number;
    /** The user's orders, newest first, for the list call (its status filter and limit applied). */
    orders?: Order[];
    /** The personal account's balance in minor units: offered as a way to pay when given. */
    personalAccountMinor?: number;
    /** The currency the personal account answers in (default USD). */
    personalAccountCurrency?: string;
    /** Money the personal account holds in other currencies. */
    personalAccountOthers?: { amountMinor: number; currency: string }[];
    /** The user's saved addresses and recipients (DELETE removes one, and the cart forgets it). */
    contactSets?: ContactSet[];
  } = {},
) {
  let contactSets = options.contactSets ?? [];
  let items = options.items ?? [cartItemFixture()];
  let choices: Partial<ShoppingCart> = options.choices ?? {};
  const promoCodes = options.promoCodes ?? {};
  const cart = () =>
    cartOf(items, choices, promoCodes, options.bonusPointBalance ?? 0, options.personalAccountMinor);
  const calls: Array<{ call: string; body: Body }> = [];
  const answer = (result: PaymentOperationResult | Refusal | undefined) =>
    result && 'code' in result
      ? jsonResponse({ code: result.code, message: result.message, details: result.details }, result.status)
      : jsonResponse(result);

  function handle(url: string, init: RequestInit): Response {
    const path = url.replace(/^.*\/api\/stores/, '').split('?')[0] ?? '';
    const body = JSON.parse(String(init.body ?? '{}')) as Body;
    const record = (call: string) => calls.push({ call, body });
    switch (path) {
      case '/shoppingCarts/fetchShoppingCart':
        record('fetch');
        return jsonResponse(cart());
      case '/shoppingCarts/updateShoppingCart': {
        record('update');
        if (typeof body.couponCodePrompt === 'string') {
          const code = body.couponCodePrompt.trim().toUpperCase();
          const promo = promoCodes[code];
          if (code && !promo)
            return answer({
              status: 422,
              code: 'PROMO_CODE_UNKNOWN',
              message: 'There is no such promo code.',
            });
          if (promo && 'code' in promo) return answer(promo);
          choices = { ...choices, couponCodePrompt: code || null };
        }
        for (const change of body.productItems ?? []) {
          items = items
            .map((item) =>
              item.id === change.id
                ? {
                    ...item,
                    // As the server: a top-up's amount sent again is its amount in this currency.
                    ...(change.quantity !== undefined ? { quantity: change.quantity, available: true } : {}),
                    ...(change.selected !== undefined ? { selected: change.selected } : {}),
                  }
                : item,
            )
            .filter((item) => item.quantity > 0);
        }
        if (typeof body.bonusPointOutcome === 'number') {
          const asked = body.bonusPointOutcome;
          if (!Number.isInteger(asked) || asked < 0)
            return answer({ status: 400, code: 'VALIDATION_ERROR', message: 'Invalid request.' });
          // Kept clamped, as the server keeps it: a later change never raises it by itself.
          choices = { ...choices, bonusPointOutcome: asked };
          choices = { ...choices, bonusPointOutcome: cart().bonusPointOutcome };
        }
        if (body.selectAll !== undefined)
          items = items.map((item) => ({ ...item, selected: Boolean(body.selectAll) }));
        for (const key of [
          'deliveryOptionId',
          'deliveryContactSetId',
          'paymentOptionId',
          'recipientContactSetId',
        ] as const) {
          if (key in body) choices = { ...choices, [key]: body[key] as string | null };
        }
        return jsonResponse(cart());
      }
      case '/shoppingCarts/fetchPaymentOptionList':
        record('paymentOptions');
        return jsonResponse({
          paymentOptions: [
            { id: 'demo-card', name: 'Bank card', description: 'Demo acquirer', providerId: 'demo' },
            ...(options.personalAccountMinor === undefined ? [] : [personalAccountOption]),
          ],
        });
      case '/personalAccount/fetchPersonalAccount':
        record('personalAccount');
        return jsonResponse({
          balance: {
            amountMinor: options.personalAccountMinor ?? 0,
            currency: options.personalAccountCurrency ?? 'USD',
          },
          ...(options.personalAccountOthers ? { otherBalances: options.personalAccountOthers } : {}),
          entries: [],
        });
      case '/shoppingCarts/deliveryOptions/fetchDeliveryOptionList':
        record('deliveryOptions');
        return jsonResponse({ deliveryOptions: deliveryOptionsFixture });
      case '/shoppingCarts/deliveryOptions/pickup/fetchPickupPointList':
        record('pickupPoints');
        return jsonResponse({
          pickupPoints: [
            {
              id: 'point-1',
              deliveryOptionId: 'pickup',
              name: 'Tverskaya pickup point',
              address: 'Moscow, Tverskaya 1',
              settlementId: 'moscow',
              openingHours: '10:00–20:00',
              latitude: 0,
              longitude: 0,
            },
          ],
        });
      case '/partnerContactSets/fetchContactSetList': {
        record('contactSets');
        const where = (body.filter as { where?: { typeId?: string } } | undefined)?.where;
        return jsonResponse({ contactSets: contactSets.filter((set) => set.typeId === where?.typeId) });
      }
      case '/shoppingCarts/checkoutShoppingCart':
        record('checkout');
        return answer(options.checkout);
      case '/orders/fetchOrderList': {
        record('orders');
        const filter = body.filter as { where?: { status?: string | string[] }; limit?: number } | undefined;
        const statuses = [filter?.where?.status ?? []].flat();
        const matched = (options.orders ?? []).filter(
          (order) => statuses.length === 0 || statuses.includes(order.status),
        );
        const output = matched.slice(0, filter?.limit ?? 6);
        return jsonResponse({ output, outputInfo: { count: output.length }, totalCount: matched.length });
      }
      default:
        if (path.startsWith('/partnerContactSets/') && init.method === 'DELETE') {
          const id = decodeURIComponent(path.slice('/partnerContactSets/'.length));
          record('deleteContactSet');
          if (!contactSets.some((set) => set.id === id))
            return jsonResponse({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
          contactSets = contactSets.filter((set) => set.id !== id);
          if (choices.deliveryContactSetId === id) choices = { ...choices, deliveryContactSetId: null };
          if (choices.recipientContactSetId === id) choices = { ...choices, recipientContactSetId: null };
          return jsonResponse({ result: true });
        }
        if (path.endsWith('/validate')) {
          record('validate');
          return answer(options.validate);
        }
        return jsonResponse({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
    }
  }

  return {
    handle,
    calls,
    callsTo: (call: string) => calls.filter((entry) => entry.call === call).map((entry) => entry.body),
  };
}
