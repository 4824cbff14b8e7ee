import { currencyMinorUnits, isCurrencyCode } from '@cutout/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/api-error.ts';
import { catalogApi, catalogQueryKeys } from '../../shared/catalog/catalog-api.ts';
import { useFormatPrice } from '../../shared/format/use-format-price.ts';
import { useLanguage } from '../../shared/routing/language-context.tsx';
import { isAuthorised, useSession } from '../../shared/session/session.ts';
import { useStoreInfo } from '../../shared/store-info/store-info-context.tsx';
import { useToast } from '../../shared/ui/toast-context.tsx';
import { type PlanPeriodItem, pricingApi, pricingQueryKeys } from './pricing-api.ts';

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
  return useMutation({
    mutationFn: (change: {
      subscriptionId: string;
      planId: string;
      validityPeriodId: PlanPeriodItem['validityPeriodId'];
    }) =>
      pricingApi.changePlan(change.subscriptionId, {
        planId: change.planId,
        validityPeriodId: change.validityPeriodId,
      }),
    onSuccess: async (answer) => {
      toast.success(
        answer.nextPlanName
          ? t('pricing.plan.changed', { plan: answer.nextPlanName })
          : t('pricing.plan.changedUnnamed'),
      );
      await queryClient.invalidateQueries({ queryKey: pricingQueryKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
}

/** An amount in minor units of a currency, formatted as SPEC §9 says (fractions of a minor unit round). */
export function useFormatMinor(): (amountMinor: number | null, currency: string) => string {
  const format = useFormatPrice();
  return useCallback(
    (amountMinor: number | null, currency: string) =>
      format(
        amountMinor === null
          ? null
          : amountMinor / 10 ** (isCurrencyCode(currency) ? currencyMinorUnits[currency] : 2),
        currency,
      ),
    [format],
  );
}
