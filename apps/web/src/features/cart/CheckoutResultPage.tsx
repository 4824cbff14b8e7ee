import type { Order, OrderStatus } from '@cutout/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Ban, CircleAlert, CircleCheck, LoaderCircle, PackageCheck, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormatAmount } from '../../shared/format/use-format-amount.ts';
import { ordersApi, ordersQueryKeys } from '../../shared/orders/orders-api.ts';
import { isTopUpReturn } from '../../shared/payments/checkout-urls.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { isNotFoundError, NotFoundError } from '../../shared/routing/not-found.ts';
import { orderPath, paths } from '../../shared/routing/paths.ts';
import { SignInPrompt, useEverAuthorised } from '../../shared/session/SignInPrompt.tsx';
import { useIsAuthorised } from '../../shared/session/session.ts';
import { ButtonLink } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/container.tsx';
import { LoadFailure } from '../../shared/ui/load-failure.tsx';

export type CheckoutOutcome = 'paid' | 'success' | 'failure';

/** What the page says: the route's outcome as the order confirms it, or the order's own state. */
type Shown = CheckoutOutcome | 'cancelled' | 'orderCancelled' | 'orderRefunded';

const looks = {
  paid: { icon: CircleCheck, tone: 'bg-emerald-50 text-emerald-600' },
  success: { icon: PackageCheck, tone: 'bg-violet-50 text-violet-600' },
  failure: { icon: CircleAlert, tone: 'bg-rose-50 text-rose-600' },
  cancelled: { icon: CircleAlert, tone: 'bg-amber-50 text-amber-600' },
  orderCancelled: { icon: Ban, tone: 'bg-slate-100 text-slate-600' },
  orderRefunded: { icon: RotateCcw, tone: 'bg-slate-100 text-slate-600' },
} as const satisfies Record<Shown, unknown>;

/**
 * What the page says of an order that the route claims `outcome` for. The address is only a claim
 * (anyone can type `paid?order=…`): the order's status decides. A paid order is paid whichever page
 * the return landed on (the provider's notice may have come first); an unpaid one is placed, or
 * failed on the failure page; a cancelled or refunded one says so and is not to be paid.
 */
export function shownFor(outcome: CheckoutOutcome, status: OrderStatus): Shown {
  switch (status) {
    case 'paid':
    case 'fulfilled':
      return 'paid';
    case 'placed':
    case 'awaiting_payment':
      return outcome === 'failure' ? 'failure' : 'success';
    case 'cancelled':
      return 'orderCancelled';
    case 'refunded':
      return 'orderRefunded';
  }
}

/**
 * How a checkout ended (SPEC §2.1, §8.1): paid, placed without payment yet, or failed. The checkout's
 * and the payment's answers name the order (`?order=`): the page reads it, says what its status
 * confirms, names it and leads to it (an unknown id, or another user's order, is not found). Without
 * an order only the failure page has something to say: the provider's reject link lands there,
 * then the way on is the orders list, where a failed order can be paid again.
 */
export function CheckoutResultPage({ outcome }: { outcome: CheckoutOutcome }) {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const orderId = query.get('order');
  const authorised = useIsAuthorised();
  const everAuthorised = useEverAuthorised(authorised);
  if (!orderId) {
    if (outcome !== 'failure') throw new NotFoundError();
    // The provider's cancel link comes back with its payment and no order (a decline comes through
    // the validate page, which names the order): the buyer gave up, nothing went wrong.
    return <ResultCard shown={query.has('payment') ? 'cancelled' : 'failure'} />;
  }
  if (!authorised)
    return (
      <Container className="flex justify-center py-14 sm:py-20">
        <div className="w-full max-w-xl">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('meta.checkout')}</h1>
          <SignInPrompt openLogin={!everAuthorised} text={t('cart.result.signIn')} />
        </div>
      </Container>
    );
  return <OrderResult key={orderId} orderId={orderId} outcome={outcome} />;
}

function OrderResult({ orderId, outcome }: { orderId: string; outcome: CheckoutOutcome }) {
  const { t } = useTranslation();
  const order = useQuery({
    queryKey: ordersQueryKeys.detail(orderId),
    queryFn: ({ signal }) => ordersApi.get(orderId, signal),
  });
  if (order.isError && isNotFoundError(order.error)) throw new NotFoundError();
  if (order.data) return <ResultCard shown={shownFor(outcome, order.data.status)} order={order.data} />;
  return (
    <Frame>
      {order.isError ? (
        <LoadFailure
          error={order.error}
          onRetry={() => void order.refetch()}
          retryLabel={t('cart.retry')}
          className="w-full items-center text-left"
        />
      ) : (
        <div role="status" className="flex flex-col items-center gap-4 py-6">
          <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-violet-600" />
          <p className="font-medium text-slate-700">{t('cart.result.checking')}</p>
        </div>
      )}
    </Frame>
  );
}

function ResultCard({ shown, order }: { shown: Shown; order?: Order }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const formatAmount = useFormatAmount();
  const [query] = useSearchParams();
  const { icon: Icon, tone } = looks[shown];
  // A top-up leads back to the personal account it was to fill, not to the catalogue.
  const back = isTopUpReturn(query)
    ? { to: paths.personalAccount, label: t('cart.result.personalAccount') }
    : { to: paths.catalog, label: t('cart.result.catalog') };
  const unpaid = shown === 'failure' || shown === 'cancelled';
  const ordersLink = order
    ? {
        to: orderPath(order.id),
        label: t(shown === 'failure' ? 'cart.result.payOrder' : 'cart.result.openOrder'),
      }
    : { to: paths.userOrders, label: t(unpaid ? 'cart.result.payAgain' : 'cart.result.orders') };
  return (
    <Frame>
      <span className={clsx('inline-flex size-16 items-center justify-center rounded-2xl', tone)}>
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
        {t(`cart.result.${shown}.title`)}
      </h1>
      {order && (
        <p className="mt-3 flex flex-wrap justify-center gap-x-3 font-semibold">
          <span className="text-slate-800">{order.defaultName}</span>
          <span className="whitespace-nowrap text-slate-500">
            {formatAmount(order.amount, order.currency)}
          </span>
        </p>
      )}
      <p className="mt-3 max-w-md text-slate-600">{t(`cart.result.${shown}.text`)}</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <ButtonLink to={to(ordersLink.to)} size="lg">
          {ordersLink.label}
        </ButtonLink>
        <ButtonLink to={to(back.to)} size="lg" variant="secondary">
          {back.label}
        </ButtonLink>
      </div>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="bg-slate-50/70">
      <Container className="flex justify-center py-14 sm:py-20">
        <section className="flex w-full max-w-xl flex-col items-center rounded-3xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm sm:px-12">
          {children}
        </section>
      </Container>
    </div>
  );
}
