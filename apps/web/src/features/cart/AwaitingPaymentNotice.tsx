import { MONEY_UNIT, type Order, orderListSchema } from '@cutout/contracts';
import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../shared/api/client.ts';
import { useFormatAmount } from '../../shared/format/use-format-amount.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { orderPath } from '../../shared/routing/paths.ts';
import { ButtonLink } from '../../shared/ui/button.tsx';

/** How long after it was placed an unpaid order is shown over the empty cart. */
const recentMs = 24 * 60 * 60 * 1000;

/** A personal-account top-up: it is paid for from the account page and never held the cart. */
const isTopUp = (order: Order) =>
  order.productItems.length > 0 && order.productItems.every((item) => item.unitId === MONEY_UNIT);

/**
 * The buyer's newest order of the last day that still waits for payment and came from the cart (a
 * top-up did not). Placing an order empties the cart, so whoever leaves the payment page with Back
 * finds an empty cart: this says where the order went and leads to paying it. Shows nothing while
 * loading, on an error or with no such order.
 */
export function AwaitingPaymentNotice() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const formatAmount = useFormatAmount();
  // Under the orders' key, so that paying or cancelling the order anywhere refreshes it.
  const newest = useQuery({
    queryKey: ['orders', 'awaitingPayment'],
    queryFn: ({ signal }) =>
      apiRequest('/orders/fetchOrderList', {
        method: 'POST',
        body: {
          filter: { where: { status: ['placed', 'awaiting_payment'] }, order: 'periodAt desc', limit: 5 },
        },
        signal,
        parse: orderListSchema.parse,
      }),
  });
  const order = newest.data?.output.find((candidate) => !isTopUp(candidate));
  if (!order?.canPay || Date.now() - Date.parse(order.periodAt) > recentMs) return null;

  return (
    <section
      aria-labelledby="awaiting-payment-title"
      className="mb-6 flex flex-col gap-4 rounded-3xl border border-amber-200 bg-amber-50 p-5 sm:flex-row sm:items-center sm:p-6"
    >
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-2xl bg-white text-amber-600 ring-1 ring-amber-200">
        <Clock aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="awaiting-payment-title" className="font-semibold text-slate-900">
          {t('cart.awaiting.title', { name: order.defaultName })}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {t('cart.awaiting.text', { amount: formatAmount(order.amount, order.currency) })}
        </p>
      </div>
      <ButtonLink to={to(orderPath(order.id))} className="shrink-0">
        {t('cart.awaiting.action')}
      </ButtonLink>
    </section>
  );
}
