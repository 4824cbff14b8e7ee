import { type PaymentOption, personalAccountProviderId } from '@cutout/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormatAmount } from '../format/use-format-amount.ts';
import { useSession } from '../session/session.ts';
import { personalAccountApi, personalAccountQueryKeys } from './personal-account-api.ts';

/**
 * What a buyer should know of the personal account before choosing it to pay `amount` (minor units
 * of `currency`): its balance and, when that is not enough, by how much (said before, not only
 * refused after with INSUFFICIENT_FUNDS). The account is read only when `options` offer it.
 */
export function usePersonalAccountNote(options: {
  paymentOptions: Pick<PaymentOption, 'providerId'>[] | undefined;
  amount: number;
  currency: string;
}) {
  const { t } = useTranslation();
  const { userId } = useSession();
  const formatAmount = useFormatAmount();
  const { amount, currency } = options;
  const offered = options.paymentOptions?.some((option) => option.providerId === personalAccountProviderId);
  const account = useQuery({
    queryKey: personalAccountQueryKeys.of({ userId, currency }),
    queryFn: ({ signal }) => personalAccountApi.fetch(signal),
    enabled: offered === true,
  });
  const balance = account.data?.balance;
  /** Whether the account holds too little, in the order's currency, to pay it. */
  const short = balance !== undefined && balance.currency === currency && balance.amountMinor < amount;

  /** The option's description, with the balance (and the shortfall) for the personal account. */
  function describe(option: Pick<PaymentOption, 'providerId' | 'description'>): string | null | undefined {
    if (option.providerId !== personalAccountProviderId || !account.data || !balance)
      return option.description;
    let note = t('cart.payment.balance', { amount: formatAmount(balance.amountMinor, balance.currency) });
    if (short)
      note += ` ${t('cart.payment.short', { amount: formatAmount(amount - balance.amountMinor, currency) })}`;
    // Money held in another currency is spent with that currency chosen: said, so that a buyer
    // who sees "Balance: $0.00" knows where their roubles are.
    const others = (account.data.otherBalances ?? []).filter((money) => money.amountMinor > 0);
    if (others.length > 0)
      note += ` ${t('cart.payment.otherBalance', {
        amounts: others.map((money) => formatAmount(money.amountMinor, money.currency)).join(', '),
      })}`;
    return option.description ? `${option.description} ${note}` : note;
  }

  return { describe, short };
}
