import type { CartItem, DeliveryOption, PaymentOperationResult, ShoppingCart } from '@cutout/contracts';

/**
 * For tests: the cart calls answered at fetch level over an in-memory cart, each call recorded with
 * its body. Changes are applied as the server would for what the screens send (quantity, selected,
 * select-all, choices); sums are recomputed from the items.
 */

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

function cartOf(items: CartItem[], choices: Partial<ShoppingCart>): ShoppingCart {
  const selected = items.filter((item) => item.selected);
  const productsAmount = selected.reduce((sum, item) => sum + (item.price ?? 0) * item.quantity, 0);
  const deliveryRequired = choices.deliveryRequired ?? false;
  const errorReason: ShoppingCart['errorReason'] =
    selected.length === 0
      ? 'cart_error_nothing_selected'
      : deliveryRequired && !choices.deliveryOptionId
        ? 'cart_error_delivery_required'
        : deliveryRequired && !choices.deliveryContactSetId
          ? 'cart_error_delivery_contact_required'
          : !choices.paymentOptionId
            ? 'cart_error_payment_option_required'
            : null;
  return {
    id: 'cart-1',
    currency: 'RUB',
    productItems: items.map((item) => ({ ...item, amount: (item.price ?? 0) * item.quantity })),
    productCount: selected.reduce((sum, item) => sum + item.quantity, 0),
    paymentOptionId: null,
    paymentOption: null,
    deliveryOptionId: null,
    deliveryOption: null,
    deliveryContactSetId: null,
    deliveryContactSet: null,
    recipientContactSetId: null,
    recipientContactSet: null,
    couponCodePrompt: null,
    bonusPointBalance: 0,
    bonusPointOutcome: 0,
    amount: productsAmount,
    amountWithoutDiscount: productsAmount,
    productsAmount,
    deliveryAmount: 0,
    discountAmount: 0,
    vatAmount: Math.round(productsAmount / 6),
    ...choices,
    deliveryRequired,
    errorReason,
  };
}

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Refusal = { status: number; code: string; message: string };

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
  } = {},
) {
  let items = options.items ?? [cartItemFixture()];
  let choices: Partial<ShoppingCart> = options.choices ?? {};
  const calls: Array<{ call: string; body: Body }> = [];
  const answer = (result: PaymentOperationResult | Refusal | undefined) =>
    result && 'code' in result
      ? jsonResponse({ code: result.code, message: result.message }, result.status)
      : jsonResponse(result);

  function handle(url: string, init: RequestInit): Response {
    const path = url.replace(/^.*\/api\/stores/, '').split('?')[0] ?? '';
    const body = JSON.parse(String(init.body ?? '{}')) as Body;
    const record = (call: string) => calls.push({ call, body });
    switch (path) {
      case '/shoppingCarts/fetchShoppingCart':
        record('fetch');
        return jsonResponse(cartOf(items, choices));
      case '/shoppingCarts/updateShoppingCart': {
        record('update');
        for (const change of body.productItems ?? []) {
          items = items
            .map((item) =>
              item.id === change.id
                ? {
                    ...item,
                    ...(change.quantity !== undefined ? { quantity: change.quantity } : {}),
                    ...(change.selected !== undefined ? { selected: change.selected } : {}),
                  }
                : item,
            )
            .filter((item) => item.quantity > 0);
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
        return jsonResponse(cartOf(items, choices));
      }
      case '/shoppingCarts/fetchPaymentOptionList':
        record('paymentOptions');
        return jsonResponse({
          paymentOptions: [
            { id: 'demo-card', name: 'Bank card', description: 'Demo acquirer', providerId: 'demo' },
          ],
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
      case '/partnerContactSets/fetchContactSetList':
        record('contactSets');
        return jsonResponse({ contactSets: [] });
      case '/shoppingCarts/checkoutShoppingCart':
        record('checkout');
        return answer(options.checkout);
      default:
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
