import type { UpdateShoppingCartRequest } from '@cutout/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Store, Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/api-error.ts';
import {
  cartApi,
  cartQueryKeys,
  type DeliveryOption,
  type ShoppingCart,
} from '../../shared/cart/cart-api.ts';
import { useFormatAmount } from '../../shared/format/use-format-amount.ts';
import { useToast } from '../../shared/ui/toast-context.tsx';
import { CheckoutStep, ChoiceList, StepNote } from './ChoiceList.tsx';
import { ContactSetChoice } from './ContactSetChoice.tsx';

type Update = (request: UpdateShoppingCartRequest) => void;

/**
 * Delivery (SPEC §4), when the chosen products need it: the options with their prices, then a
 * pickup point for pickup (an outlet contact set is made for the point chosen) or one of the
 * buyer's addresses for a courier. Another option clears the address chosen for the last one.
 */
export function DeliveryChoice({
  cart,
  update,
  busy,
}: {
  cart: ShoppingCart;
  update: Update;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const formatAmount = useFormatAmount();
  const options = useQuery({
    queryKey: cartQueryKeys.deliveryOptions,
    queryFn: ({ signal }) => cartApi.deliveryOptions(signal),
  });
  const chosen = options.data?.find((option) => option.id === cart.deliveryOptionId) ?? cart.deliveryOption;
  const price = (option: DeliveryOption) =>
    option.price === null
      ? t('cart.delivery.noPrice')
      : option.price.amountMinor === 0
        ? t('cart.delivery.free')
        : formatAmount(option.price.amountMinor, option.price.currency);

  return (
    <CheckoutStep id="cart-delivery" title={t('cart.delivery.title')}>
      {options.isPending ? (
        <StepNote>{t('cart.loadingList')}</StepNote>
      ) : options.data && options.data.length > 0 ? (
        <ChoiceList
          name="delivery-option"
          legend={t('cart.delivery.legend')}
          choices={options.data.map((option) => ({
            id: option.id,
            title: (
              <span className="inline-flex items-center gap-2">
                {option.typeId === 'delivery_option_types.pickup' ? (
                  <Store aria-hidden="true" className="size-4 text-slate-500" />
                ) : (
                  <Truck aria-hidden="true" className="size-4 text-slate-500" />
                )}
                {option.name}
              </span>
            ),
            description: option.description,
            aside: price(option),
          }))}
          value={cart.deliveryOptionId}
          onChange={(id) => update({ deliveryOptionId: id, deliveryContactSetId: null })}
          disabled={busy}
        />
      ) : (
        <StepNote>{t('cart.delivery.none')}</StepNote>
      )}

      {chosen && (
        <div className="mt-5 border-t border-slate-100 pt-5">
          <h3 className="mb-3 text-sm font-semibold text-slate-700">
            {chosen.typeId === 'delivery_option_types.pickup'
              ? t('cart.delivery.pickupPoint')
              : t('cart.delivery.address')}
          </h3>
          {chosen.typeId === 'delivery_option_types.pickup' ? (
            <PickupPoints option={chosen} cart={cart} update={update} busy={busy} />
          ) : (
            <ContactSetChoice
              typeId="partner_contact_set_types.location"
              chooseFor="delivery"
              value={cart.deliveryContactSetId}
              onChange={(id) => update({ deliveryContactSetId: id })}
              disabled={busy}
            />
          )}
        </div>
      )}
    </CheckoutStep>
  );
}

function PickupPoints({
  option,
  cart,
  update,
  busy,
}: {
  option: DeliveryOption;
  cart: ShoppingCart;
  update: Update;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const points = useQuery({
    queryKey: cartQueryKeys.pickupPoints(option.id),
    queryFn: ({ signal }) => cartApi.pickupPoints(option.id, signal),
  });
  // The cart takes a contact set, not a point: the buyer's outlet set for the point is made first.
  const choose = useMutation({
    mutationFn: (pickupPointId: string) =>
      cartApi.createContactSet({ typeId: 'partner_contact_set_types.outlet', pickupPointId }),
    onSuccess: async (set) => {
      update({ deliveryContactSetId: set.id });
      await queryClient.invalidateQueries({
        queryKey: cartQueryKeys.contactSets('partner_contact_set_types.outlet'),
      });
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });

  if (points.isPending) return <StepNote>{t('cart.loadingList')}</StepNote>;
  if (!points.data || points.data.length === 0)
    return <StepNote>{t('cart.delivery.noPickupPoints')}</StepNote>;
  return (
    <ChoiceList
      name="pickup-point"
      legend={t('cart.delivery.pickupPoint')}
      choices={points.data.map((point) => ({
        id: point.id,
        title: point.name,
        description: (
          <>
            {point.address}
            {point.openingHours && <span className="block text-slate-400">{point.openingHours}</span>}
          </>
        ),
      }))}
      value={
        choose.isPending ? (choose.variables ?? null) : (cart.deliveryContactSet?.pickupPoint?.id ?? null)
      }
      onChange={(id) => choose.mutate(id)}
      disabled={busy || choose.isPending}
    />
  );
}
