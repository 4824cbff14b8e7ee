import { personalAccountProviderId, type UpdateShoppingCartRequest } from '@cutout/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cartApi, cartQueryKeys, type ShoppingCart } from '../../shared/cart/cart-api.ts';
import { usePersonalAccountNote } from '../../shared/payments/personal-account-note.ts';
import { isTopUp } from '../../shared/payments/top-up.ts';
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
  // A top-up is never paid from the account it fills (the server prices it so too).
  const topUp = cart.productItems.some((item) => isTopUp(item.product));
  const choices = options.data?.filter((option) => !topUp || option.providerId !== personalAccountProviderId);
  // Paying from the personal account: the buyer sees what it holds before choosing it.
  const account = usePersonalAccountNote({
    paymentOptions: choices,
    amount: cart.amount,
    currency: cart.currency,
  });
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
            description: account.describe(option),
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
