import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useFormatDateTime } from '../../shared/format/use-format-date.ts';
import { usePageTitle } from '../../shared/meta/page-title.ts';
import { ordersApi, ordersQueryKeys } from '../../shared/orders/orders-api.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { isNotFoundError, NotFoundError } from '../../shared/routing/not-found.ts';
import { paths } from '../../shared/routing/paths.ts';
import { SignInPrompt, useEverAuthorised } from '../../shared/session/SignInPrompt.tsx';
import { useIsAuthorised } from '../../shared/session/session.ts';
import { Container } from '../../shared/ui/container.tsx';
import { LoadFailure } from '../../shared/ui/load-failure.tsx';
import { OrderActions } from './OrderActions.tsx';
import { OrderContacts } from './OrderContacts.tsx';
import { OrderLines } from './OrderLines.tsx';
import { OrderTimeline } from './OrderTimeline.tsx';
import { StatusBadge } from './StatusBadge.tsx';

/** The id of the order to show: from the route, or from the navigation state (SPEC §2.2). */
function useOrderId(): string | undefined {
  const { orderId } = useParams();
  const state: unknown = useLocation().state;
  if (orderId) return orderId;
  const fromState = (state as { orderId?: unknown } | null)?.orderId;
  return typeof fromState === 'string' && fromState ? fromState : undefined;
}

/**
 * An order (`/{lang}/user/orders/{id}`): its lines, delivery and recipient, totals, status
 * timeline, and the actions of the list. An unknown id, or another user's order, is not found.
 */
export function OrderPage() {
  const { t } = useTranslation();
  const orderId = useOrderId();
  const authorised = useIsAuthorised();
  const everAuthorised = useEverAuthorised(authorised);
  if (!orderId) throw new NotFoundError();
  if (!authorised)
    return (
      <div className="bg-slate-50/70">
        <Container className="py-10 sm:py-14">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('meta.order')}</h1>
          <SignInPrompt openLogin={!everAuthorised} text={t('orders.signInText')} />
        </Container>
      </div>
    );
  return <OrderScreen key={orderId} orderId={orderId} />;
}

function OrderScreen({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const formatDate = useFormatDateTime();
  const order = useQuery({
    queryKey: ordersQueryKeys.detail(orderId),
    queryFn: ({ signal }) => ordersApi.get(orderId, signal),
  });
  usePageTitle(order.data?.defaultName ?? null);

  if (order.isError && isNotFoundError(order.error)) throw new NotFoundError();

  return (
    <div className="bg-slate-50/70">
      <Container className="py-8 sm:py-12">
        <Link
          to={to(paths.userOrders)}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-violet-700 hover:text-violet-900"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('orders.detail.back')}
        </Link>
        {order.data ? (
          <>
            <div className="mt-4 flex flex-col gap-5 lg:flex-row lg:items-end lg:justify-between">
              <div>
                <div className="flex flex-wrap items-center gap-3">
                  <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
                    {order.data.defaultName}
                  </h1>
                  <StatusBadge status={order.data.status} className="text-sm" />
                </div>
                <p className="mt-2 text-slate-600">
                  {t('orders.detail.placedOn', { date: formatDate(order.data.periodAt) })}
                  {order.data.invoiceNumber && (
                    <span className="block text-slate-400 sm:inline">
                      <span aria-hidden="true" className="hidden sm:inline">
                        {' · '}
                      </span>
                      {t('orders.detail.invoice', { number: order.data.invoiceNumber })}
                    </span>
                  )}
                </p>
              </div>
              <OrderActions order={order.data} />
            </div>
            <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
              <OrderLines order={order.data} />
              <div className="flex flex-col gap-6">
                <OrderTimeline order={order.data} />
                <OrderContacts order={order.data} />
              </div>
            </div>
          </>
        ) : order.isError ? (
          <LoadFailure
            error={order.error}
            onRetry={() => void order.refetch()}
            retryLabel={t('orders.retry')}
            className="max-w-xl items-start py-10"
          />
        ) : (
          <OrderSkeleton />
        )}
      </Container>
    </div>
  );
}

function OrderSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" className="mt-4 animate-pulse">
      <span className="sr-only">{t('orders.detail.loading')}</span>
      <div className="h-10 w-72 rounded-xl bg-slate-200/70" />
      <div className="mt-3 h-5 w-56 rounded-full bg-slate-200/70" />
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="h-80 rounded-3xl bg-slate-200/60" />
        <div className="h-80 rounded-3xl bg-slate-200/60" />
      </div>
    </div>
  );
}
