import type { ShoppingCart } from '../../shared/cart/cart-api.ts';
import type { ProductTradeOffer } from '../../shared/catalog/catalog-api.ts';
import type { AvailableSubscriptionPlans, PlanProductItem, Subscription } from './pricing-api.ts';

/**
 * For tests: the pricing page's calls answered at fetch level (the plans, changePlan, the litre
 * bundles of the catalogue and the cart's add), each recorded with its body. Plans are like the
 * seed's: 10, 40, 100, 200, 500 litres a month, a year at half price, 'forever' on the smallest.
 */

const monthlyPrices: Record<number, number> = {
  10: 29_000,
  40: 99_000,
  100: 199_000,
  200: 349_000,
  500: 749_000,
};

export function planFixture(litres: number, overrides: Partial<PlanProductItem> = {}): PlanProductItem {
  const monthly = monthlyPrices[litres] ?? litres * 1_000;
  const yearly = monthly * 6;
  return {
    id: `plan_${litres}`,
    productId: `product_plan_${litres}`,
    tradeOfferId: `offer_plan_${litres}`,
    slugifyId: `plan-${litres}`,
    name: `Plan ${litres}`,
    description: null,
    quantity: litres,
    priority: litres,
    featured: litres === 100,
    productSet: { setPriceCalculationMethodId: 'product_set_price_calculation_methods.fixed' },
    optionItems: [
      { optionId: 'api', value: litres >= 40 ? 'true' : null },
      { optionId: 'images', value: String(litres) },
      { optionId: 'support', value: litres >= 100 ? 'Personal manager' : null },
    ],
    periodItemList: [
      {
        validityPeriodId: 'validity_periods.month',
        validityPeriodCount: 1,
        amount: monthly,
        amountWithoutDiscount: monthly,
        monthlyAmount: monthly,
        discountPercent: 0,
      },
      {
        validityPeriodId: 'validity_periods.year',
        validityPeriodCount: 1,
        amount: yearly,
        amountWithoutDiscount: monthly * 12,
        monthlyAmount: yearly / 12,
        discountPercent: 50,
      },
      ...(litres === 10
        ? [
            {
              validityPeriodId: 'validity_periods.forever' as const,
              validityPeriodCount: null,
              amount: 990_000,
              amountWithoutDiscount: null,
              monthlyAmount: 990_000,
              discountPercent: 0,
            },
          ]
        : []),
    ],
    ...overrides,
  };
}

export const plansFixture = (): PlanProductItem[] =>
  [10, 40, 100, 200, 500].map((litres) => planFixture(litres));

export function subscriptionFixture(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 'subscription-1',
    planId: 'plan_100',
    planName: 'Plan 100',
    litresPerMonth: 100,
    validityPeriodId: 'validity_periods.month',
    stateId: 'subscription_states.active',
    startedAt: '2026-11-01T00:00:00.000Z',
    expiresAt: '2026-12-01T00:00:00.000Z',
    nextAccrualAt: null,
    litresLeft: 73,
    nextPlanId: null,
    nextPlanName: null,
    nextValidityPeriodId: null,
    renewalAmount: 199_000,
    currency: 'RUB',
    ...overrides,
  };
}

export function bundleFixture(litres: number, amountMinor: number): ProductTradeOffer {
  return {
    id: `offer_litres_${litres}`,
    productId: `litres-${litres}`,
    product: {
      id: `litres-${litres}`,
      slugifyId: `litres-${litres}`,
      typeId: 'product_types.goods',
      unitId: 'pcs',
      groupId: 'group_litres',
      name: `${litres} litres`,
      defaultName: `${litres} litres`,
      displayName: { en: `${litres} litres` },
      description: {},
      caption: {},
      article: null,
      litres,
      useQuantityLimit: false,
      quantityLimitRange: null,
      vatRatePercent: 22,
      useFeatureOptionId: 'use_feature_options.use_by_product',
      kindId: null,
      images: [],
      primaryImage: null,
    },
    availableQuantity: null,
    price: { amountMinor, currency: 'RUB' },
    featureItems: [],
    favorite: false,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Refusal = { status: number; code: string; message: string };

export function fakePricingApi(
  options: {
    plans?: PlanProductItem[];
    subscription?: Subscription | null;
    currency?: string;
    /** The plans call fails with this. */
    refusal?: Refusal;
    bundles?: ProductTradeOffer[];
    /** What the cart answers an addition with (the tests' cartAnswerFixture); adding fails without it. */
    cart?: ShoppingCart;
  } = {},
) {
  const plans = options.plans ?? plansFixture();
  const calls: Array<{ call: string; path: string; body: Record<string, unknown> }> = [];
  const answer: AvailableSubscriptionPlans = {
    subscriptionPlan: {
      currency: options.currency ?? 'RUB',
      productItems: plans,
      options: [
        {
          id: 'images',
          name: 'Images a month',
          description: null,
          typeId: 'value_types.number',
          valueAtZero: '0',
          priority: 1,
        },
        {
          id: 'api',
          name: 'API access',
          description: null,
          typeId: 'value_types.boolean',
          valueAtZero: 'false',
          priority: 2,
        },
        {
          id: 'support',
          name: 'Support',
          description: null,
          typeId: 'value_types.string',
          valueAtZero: 'E-mail',
          priority: 3,
        },
      ],
    },
    subscription: options.subscription ?? null,
  };
  const bundles = options.bundles ?? [bundleFixture(10, 39_000), bundleFixture(50, 149_000)];

  /** Answers a pricing page call, or null for any other. */
  function handle(url: string, init: RequestInit): Response | null {
    const path = url.replace(/^.*\/api\/stores/, '').split('?')[0] ?? '';
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    const record = (call: string) => calls.push({ call, path, body });
    if (path === '/subscriptionPlans/fetchAvailableSubscriptionPlans') {
      record('plans');
      const refusal = options.refusal;
      return refusal ? json({ code: refusal.code, message: refusal.message }, refusal.status) : json(answer);
    }
    if (/^\/subscriptions\/[^/]+\/changePlan$/.test(path)) {
      record('changePlan');
      const current = options.subscription ?? subscriptionFixture();
      // As the server: the current plan and period take a waiting change back.
      const same = body.planId === current.planId && body.validityPeriodId === current.validityPeriodId;
      const plan = plans.find((candidate) => candidate.id === body.planId);
      return json({
        ...current,
        nextPlanId: same ? null : (plan?.id ?? null),
        nextPlanName: same ? null : (plan?.name ?? null),
        nextValidityPeriodId: same ? null : body.validityPeriodId,
        // As the server: the renewal is the waiting plan's price for the waiting period.
        renewalAmount:
          plan?.periodItemList.find((item) => item.validityPeriodId === body.validityPeriodId)?.amount ??
          null,
      });
    }
    if (path === '/products/fetchProductTradeOfferList') {
      record('bundles');
      return json({ output: bundles, outputInfo: { count: bundles.length }, totalCount: bundles.length });
    }
    if (path === '/shoppingCarts/updateShoppingCart') {
      record('addToCart');
      return options.cart ? json(options.cart) : json({ code: 'NOT_FOUND', message: 'Not found.' }, 404);
    }
    if (path === '/shoppingCarts/fetchShoppingCart' && options.cart) return json(options.cart);
    return null;
  }

  return {
    handle,
    calls,
    callsTo: (call: string) => calls.filter((entry) => entry.call === call),
  };
}
