import { fractionDigits } from '@cutout/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/api-error.ts';
import { catalogApi, catalogQueryKeys } from '../../shared/catalog/catalog-api.ts';
import { useFormatDate } from '../../shared/format/use-format-date.ts';
import { useFormatPrice } from '../../shared/format/use-format-price.ts';
import { useLanguage } from '../../shared/routing/language-context.tsx';
import { isAuthorised, useSession } from '../../shared/session/session.ts';
import { useStoreInfo } from '../../shared/store-info/store-info-context.tsx';
import { useToast } from '../../shared/ui/toast-context.tsx';
import { type PlanPeriodItem, pricingApi, pricingQueryKeys, type Subscription } from './pricing-api.ts';

/** The plans in the session's currency, with the viewer's subscription (so keyed by the viewer too). */
export function usePlans() {
  const session = useSession();
  const { currency } = useStoreInfo();
  const language = useLanguage();
  return useQuery({
    queryKey: pricingQueryKeys.plans({
      userId: session.userId ?? (isAuthorised(session) ? 'cookie' : null),
      currency: currency.characterCode,
      language,
    }),
    queryFn: ({ signal }) => pricingApi.plans(signal),
  });
}

/** The group the pay-by-litre bundles are catalogue products of. */
export const litreBundleGroupId = 'group_litres';
const bundlesRequest = { groupId: litreBundleGroupId, filter: { limit: 16 } };

/** The litre bundles, through the catalogue's own call and cache. */
export function useLitreBundles() {
  return useQuery({
    queryKey: catalogQueryKeys.list(bundlesRequest),
    queryFn: ({ signal }) => catalogApi.list(bundlesRequest, signal),
    select: (list) =>
      list.output
        .filter((offer) => offer.price)
        .sort((a, b) => (a.product.litres ?? 0) - (b.product.litres ?? 0)),
  });
}

/** A downgrade or a period switch: from the next term; the server's answer names the plan to come. */
export function useChangePlan() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const formatDate = useFormatDate();
  const billingTerms = useBillingTerms();
  return useMutation({
    mutationFn: (change: {
      subscriptionId: string;
      planId: string;
      validityPeriodId: PlanPeriodItem['validityPeriodId'];
      /** The name of a change already waiting that this one takes the place of. */
      replacing?: string | null;
    }) =>
      pricingApi.changePlan(change.subscriptionId, {
        planId: change.planId,
        validityPeriodId: change.validityPeriodId,
      }),
    onSuccess: async (answer, change) => {
      // Name the plan, its period and its price: a period switch changes what the renewal costs.
      const done = answer.nextPlanName
        ? t(answer.expiresAt ? 'pricing.plan.changed' : 'pricing.plan.changedNoDate', {
            plan: answer.nextPlanName,
            date: answer.expiresAt ? formatDate(answer.expiresAt) : '',
            billing: billingTerms(answer),
          })
        : answer.nextPlanId === null
          ? t('pricing.plan.kept', { plan: answer.planName })
          : t('pricing.plan.changedUnnamed');
      // One change waits at a time: the buyer hears which one this took the place of.
      const replaced =
        change.replacing && answer.nextPlanId !== null
          ? ` ${t('pricing.plan.replaces', { plan: change.replacing })}`
          : '';
      toast.success(done + replaced);
      await queryClient.invalidateQueries({ queryKey: pricingQueryKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
}

const periodKeys = {
  'validity_periods.month': 'month',
  'validity_periods.year': 'year',
  'validity_periods.forever': 'forever',
} as const;

/**
 * How the subscription renews from its next term: the period and, when known, the price for it
 * ('billed yearly, ₽1,494 a year'). The period is the waiting one if a change waits.
 */
export function useBillingTerms(): (subscription: Subscription) => string {
  const { t } = useTranslation();
  const format = useFormatMinor();
  return useCallback(
    (subscription: Subscription) => {
      const period = periodKeys[subscription.nextValidityPeriodId ?? subscription.validityPeriodId];
      return subscription.renewalAmount === null
        ? t(`pricing.billing.${period}`)
        : t(`pricing.billing.${period}Price`, {
            amount: format(subscription.renewalAmount, subscription.currency),
          });
    },
    [t, format],
  );
}

/** An amount in minor units of a currency, formatted as SPEC §9 says (fractions of a minor unit round). */
export function useFormatMinor(): (amountMinor: number | null, currency: string) => string {
  const format = useFormatPrice();
  return useCallback(
    (amountMinor: number | null, currency: string) =>
      format(amountMinor === null ? null : amountMinor / 10 ** fractionDigits(currency), currency),
    [format],
  );
}
