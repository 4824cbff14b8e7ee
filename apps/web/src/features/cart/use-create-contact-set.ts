import type { CreateContactSetRequest } from '@cutout/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/api-error.ts';
import { cartApi, cartQueryKeys } from '../../shared/cart/cart-api.ts';
import { useToast } from '../../shared/ui/toast-context.tsx';
import type { NewContactSetState } from './contact-set-return.ts';

/**
 * Makes the contact set, chooses it in the cart when the cart asked for it, and goes back to
 * where the buyer came from. A choice the cart refuses is only told: the set is kept.
 */
export function useCreateContactSet(options: {
  returnTo: string;
  chooseFor?: NewContactSetState['chooseFor'];
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: CreateContactSetRequest) => {
      const set = await cartApi.createContactSet(request);
      if (options.chooseFor === 'delivery')
        await cartApi.update({ deliveryContactSetId: set.id }).catch(() => null);
      if (options.chooseFor === 'recipient')
        await cartApi.update({ recipientContactSetId: set.id }).catch(() => null);
      return set;
    },
    onSuccess: async () => {
      toast.success(t('cart.contactSet.saved'));
      await queryClient.invalidateQueries({ queryKey: cartQueryKeys.all });
      navigate(options.returnTo);
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
}
