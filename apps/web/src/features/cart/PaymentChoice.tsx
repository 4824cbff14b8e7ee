import type { UpdateShoppingCartRequest } from '@cutout/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cartApi, cartQueryKeys, type ShoppingCart } from '../../shared/cart/cart-api.ts';
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
  return (
    <CheckoutStep id="cart-payment" title={t('cart.payment.title')}>
      {options.isPending ? (
        <StepNote>{t('cart.loadingList')}</StepNote>
      ) : options.data && options.data.length > 0 ? (
        <ChoiceList
          name="payment-option"
          legend={t('cart.payment.legend')}
          choices={options.data.map((option) => ({
            id: option.id,
            title: option.name,
            description: option.description,
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
