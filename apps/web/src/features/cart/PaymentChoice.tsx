import { personalAccountProviderId, type UpdateShoppingCartRequest } from '@cutout/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cartApi, cartQueryKeys, type ShoppingCart } from '../../shared/cart/cart-api.ts';
import { useFormatAmount } from '../../shared/format/use-format-amount.ts';
import { personalAccountApi, personalAccountQueryKeys } from '../../shared/payments/personal-account-api.ts';
import { isTopUp } from '../../shared/payments/top-up.ts';
import { useSession } from '../../shared/session/session.ts';
import { CheckoutStep, ChoiceList, StepNote } from './ChoiceList.tsx';

/** The payment options that take the cart's currency; the chosen one is kept in the cart. */
export function PaymentChoice({
  cart,
  update,
  busy,
}: {
  cart: ShoppingCart;
  update: (request: UpdateShoppingCartRequest) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const options = useQuery({
    queryKey: [...cartQueryKeys.paymentOptions, cart.currency],
    queryFn: ({ signal }) => cartApi.paymentOptions(signal),
  });
  // Paying from the personal account: the buyer sees what it holds before choosing it.
  const { userId } = useSession();
  const formatAmount = useFormatAmount();
  // A top-up is never paid from the account it fills (the server prices it so too).
  const topUp = cart.productItems.some((item) => isTopUp(item.product));
  const choices = options.data?.filter((option) => !topUp || option.providerId !== personalAccountProviderId);
  const offersAccount = choices?.some((option) => option.providerId === personalAccountProviderId);
  const account = useQuery({
    queryKey: personalAccountQueryKeys.of({ userId, currency: cart.currency }),
    queryFn: ({ signal }) => personalAccountApi.fetch(signal),
    enabled: offersAccount === true,
  });
  const descriptionOf = (option: { providerId: string; description?: string | null }) => {
    if (option.providerId !== personalAccountProviderId || !account.data) return option.description;
    const { amountMinor, currency } = account.data.balance;
    let balance = t('cart.payment.balance', { amount: formatAmount(amountMinor, currency) });
    // Said before the order is placed, not only refused after (INSUFFICIENT_FUNDS).
    if (currency === cart.currency && amountMinor < cart.amount)
      balance += ` ${t('cart.payment.short', { amount: formatAmount(cart.amount - amountMinor, currency) })}`;
    // Money held in another currency is spent with that currency chosen: said, so that a buyer
    // who sees "Balance: $0.00" knows where their roubles are.
    const others = (account.data.otherBalances ?? []).filter((money) => money.amountMinor > 0);
    if (others.length > 0)
      balance += ` ${t('cart.payment.otherBalance', {
        amounts: others.map((money) => formatAmount(money.amountMinor, money.currency)).join(', '),
      })}`;
    return option.description ? `${option.description} ${balance}` : balance;
  };
  return (
    <CheckoutStep id="cart-payment" title={t('cart.payment.title')}>
      {options.isPending ? (
        <StepNote>{t('cart.loadingList')}</StepNote>
      ) : choices && choices.length > 0 ? (
        <ChoiceList
          name="payment-option"
          legend={t('cart.payment.legend')}
          choices={choices.map((option) => ({
            id: option.id,
            title: option.name,
            description: descriptionOf(option),
          }))}
          value={cart.paymentOptionId}
          onChange={(id) => update({ paymentOptionId: id })}
          disabled={busy}
        />
      ) : (
        <StepNote>{t('cart.payment.none')}</StepNote>
      )}
    </CheckoutStep>
  );
}
