import type {
  Language,
  PlanOption,
  PlanPeriodItem,
  PlanProductItem,
  ProductTradeOffer,
  ValidityPeriodId,
} from '@cutout/contracts';
import { localized } from '../../platform/localized.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { PlanRecord, SubscriptionsRepo } from './subscriptions.repo.ts';
import type { ValidityPeriod } from './subscriptions.schema.ts';

/** Months one payment covers; null: forever. */
export const monthsOf: Record<ValidityPeriod, number | null> = { month: 1, year: 12, forever: null };

export const periodId = (period: ValidityPeriod): ValidityPeriodId => `validity_periods.${period}`;
export const storedPeriod = (id: string): ValidityPeriod | null => {
  const period = id.replace('validity_periods.', '');
  return period === 'month' || period === 'year' || period === 'forever' ? period : null;
};

/** What a plan costs for a period in a currency; null when it is not sold so. */
export const priceOf = (plan: PlanRecord, period: ValidityPeriod, currency: string): number | null =>
  plan.periods.find((item) => item.period === period)?.prices[currency] ?? null;

function periodItem(plan: PlanRecord, period: ValidityPeriod, currency: string): PlanPeriodItem | null {
  const amount = priceOf(plan, period, currency);
  if (amount === null) return null;
  const months = monthsOf[period];
  const monthly = priceOf(plan, 'month', currency);
  const amountWithoutDiscount = months === null ? null : monthly === null ? amount : monthly * months;
  return {
    validityPeriodId: periodId(period),
    validityPeriodCount: months === null ? null : 1,
    amount,
    amountWithoutDiscount,
    monthlyAmount: months === null ? amount : Math.round(amount / months),
    discountPercent:
      amountWithoutDiscount && amountWithoutDiscount > amount
        ? Math.round(100 - (amount * 100) / amountWithoutDiscount)
        : 0,
  };
}

const periodOrder: ValidityPeriod[] = ['month', 'year', 'forever'];

/** The plans on sale, as the pricing page and the cart see them (SPEC §3 subscription plan). */
export function createPlansService(deps: {
  repo: SubscriptionsRepo;
  catalog: Pick<CatalogService, 'offersByIds'>;
}) {
  const { repo } = deps;

  function present(
    plan: PlanRecord,
    offer: ProductTradeOffer | undefined,
    currency: string,
    language: Language,
  ): PlanProductItem {
    return {
      id: plan.id,
      productId: plan.productId,
      tradeOfferId: plan.tradeOfferId,
      slugifyId: offer?.product.slugifyId ?? plan.id,
      name: offer?.product.name ?? plan.id,
      description: offer ? localized(offer.product.description, language) || null : null,
      quantity: plan.litresPerMonth,
      priority: plan.priority,
      featured: plan.featured,
      productSet: { setPriceCalculationMethodId: 'product_set_price_calculation_methods.fixed' },
      optionItems: plan.values.map((value) => ({
        optionId: value.optionId,
        value: localized(value.value, language) || null,
      })),
      periodItemList: periodOrder.flatMap((period) => {
        const item = periodItem(plan, period, currency);
        return item ? [item] : [];
      }),
    };
  }

  return {
    /** Every plan on sale priced in the currency (a plan without a price in it is left out). */
    async available(viewer: {
      language: Language;
      currency: { id: string; characterCode: string };
    }): Promise<{ currency: string; productItems: PlanProductItem[]; options: PlanOption[] }> {
      const currency = viewer.currency.characterCode;
      const [plans, options] = await Promise.all([repo.activePlans(), repo.options()]);
      const offers = await deps.catalog.offersByIds(
        plans.map((plan) => plan.tradeOfferId),
        { language: viewer.language, currency: viewer.currency, userId: null },
      );
      const byId = new Map(offers.map((offer) => [offer.id, offer]));
      return {
        currency,
        productItems: plans
          .map((plan) => present(plan, byId.get(plan.tradeOfferId), currency, viewer.language))
          .filter((item) => item.periodItemList.length > 0),
        options: options.map((option) => ({
          id: option.id,
          name: localized(option.name, viewer.language),
          description: option.description ? localized(option.description, viewer.language) || null : null,
          typeId: `value_types.${option.valueType}`,
          valueAtZero: option.valueAtZero ? localized(option.valueAtZero, viewer.language) : null,
          priority: option.priority,
        })),
      };
    },

    /** The plans sold as these catalogue products, by product id. */
    async byProductIds(productIds: string[]): Promise<Map<string, PlanRecord>> {
      const plans = await repo.plansByProductIds(productIds);
      return new Map(plans.map((plan) => [plan.productId, plan]));
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
