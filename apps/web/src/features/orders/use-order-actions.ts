import { MONEY_UNIT, type Order, type PaymentOption, personalAccountProviderId } from '@cutout/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, errorMessageOr, natErrors } from '../../shared/api/api-error.ts';
import { ordersApi, ordersQueryKeys } from '../../shared/orders/orders-api.ts';
import { submitPaymentForm } from '../../shared/payments/submit-payment-form.ts';
import { useLanguage } from '../../shared/routing/language-context.tsx';
import { useToast } from '../../shared/ui/toast-context.tsx';
import { openPdf } from './open-pdf.ts';

/** Refetches the list and the detail after a cancel or a payment (SPEC §4). */
function useRefetchOrders() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: ordersQueryKeys.all }), [queryClient]);
}

/** Cancels an order (after the caller's confirmation), then refetches. */
export function useCancelOrder(order: Order, onSettled?: () => void) {
  const { t } = useTranslation();
  const toast = useToast();
  const refetch = useRefetchOrders();
  return useMutation({
    mutationFn: () => ordersApi.cancel(order.id),
    onSuccess: () => toast.success(t('orders.cancel.done', { name: order.defaultName })),
    onError: (failure) => toast.error(errorMessage(failure, t)),
    onSettled: () => {
      onSettled?.();
      return refetch();
    },
  });
}

/**
 * Pays an order with a payment option: the browser goes to the provider's form when one is
 * needed; an order that needed no payment is paid at once. Either way the orders are refetched.
 */
export function usePayOrder(order: Order) {
  const { t } = useTranslation();
  const toast = useToast();
  const language = useLanguage();
  const refetch = useRefetchOrders();
  return useMutation({
    mutationFn: (paymentOptionId: string) => ordersApi.pay({ orderId: order.id, paymentOptionId, language }),
    onSuccess: (result) => {
      if (!submitPaymentForm(result)) toast.success(t('orders.pay.paid', { name: order.defaultName }));
    },
    // SPEC §8.1 NAT_USER_PERFORM_ERROR when the server says nothing of its own.
    onError: (failure) => toast.error(errorMessageOr(failure, natErrors.userPerform(), t)),
    onSettled: () => refetch(),
  });
}

/** The payment options, and the one an order is paid with unless the buyer picks another. */
/** The ways to pay for an order: a top-up of the personal account is never paid from that account. */
export function paymentOptionsFor(order: Order, options: PaymentOption[]): PaymentOption[] {
  const fillsAccount = order.productItems.some((item) => item.unitId === MONEY_UNIT);
  return fillsAccount ? options.filter((option) => option.providerId !== personalAccountProviderId) : options;
}

export function defaultPaymentOption(order: Order, options: PaymentOption[]): string | undefined {
  return options.find((option) => option.id === order.paymentOptionId)?.id ?? options[0]?.id;
}

/** Opens the order's invoice (a PDF in the page's language) in a new tab. */
export function usePrintInvoice(order: Order) {
  const { t } = useTranslation();
  const toast = useToast();
  return useMutation({
    mutationFn: () =>
      openPdf({ load: () => ordersApi.invoice(order.id), fileName: `invoice-${order.number}.pdf` }),
    // SPEC §8.1 NAT_DOCUMENT_ERROR when the server says nothing of its own.
    onError: (failure) => toast.error(errorMessageOr(failure, natErrors.document(), t)),
  });
}
