import type { VoucherGrant } from '@cutout/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatAmount } from '../../shared/format/use-format-amount.ts';

const planKeys: Record<string, string> = {
  'validity_periods.month': 'vouchers.gives.planMonth',
  'validity_periods.year': 'vouchers.gives.planYear',
};

/**
 * What a code gives, in words: '20 litres' (or '+20 litres' once gained), '₽500.00 on your
 * personal account', 'Plan: 40 images a month for a month'.
 */
export function useGrantText(): (grant: VoucherGrant, options?: { gained?: boolean }) => string {
  const { t } = useTranslation();
  const formatAmount = useFormatAmount();
  return useCallback(
    (grant, options = {}) => {
      if (grant.type === 'litres')
        return t(options.gained ? 'vouchers.gained.litres' : 'vouchers.gives.litres', {
          count: grant.litres,
        });
      if (grant.type === 'money')
        return t('vouchers.gives.money', { amount: formatAmount(grant.amount, grant.currency) });
      return t(planKeys[grant.validityPeriodId] ?? 'vouchers.gives.plan', { plan: grant.planName });
    },
    [t, formatAmount],
  );
}
