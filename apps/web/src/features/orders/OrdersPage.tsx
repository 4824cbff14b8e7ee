import { clsx } from 'clsx';
import { Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError, MissingPage, ReadError } from '../../shared/list/ListStates.tsx';
import { ListPaging } from '../../shared/list/ShowMore.tsx';
import { useListPages } from '../../shared/list/use-list-pages.ts';
import { type UrlListQueryState, useUrlListQuery } from '../../shared/list/use-url-list-query.ts';
import { ordersApi, ordersQueryKeys } from '../../shared/orders/orders-api.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { SignInPrompt, useEverAuthorised } from '../../shared/session/SignInPrompt.tsx';
import { useIsAuthorised } from '../../shared/session/session.ts';
import { Button, ButtonLink } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/container.tsx';
import { PageHeading } from '../../shared/ui/page-heading.tsx';
import { OrderCard } from './OrderCard.tsx';
import { OrdersToolbar } from './OrdersToolbar.tsx';
import {
  isNarrowed,
  type OrdersQuery,
  orderListRequest,
  ordersQueryCodec,
  ordersQueryToSearch,
} from './orders-query.ts';

/**
 * The orders list (`/{lang}/user/orders`): the signed-in user's orders, searched, filtered by
 * status, sorted by date and paged as the URL says (SPEC §2.2, §2.5). A visitor gets the sign-in prompt.
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const authorised = useIsAuthorised();
  const everAuthorised = useEverAuthorised(authorised);
  return (
    <div className="bg-slate-50/70">
      <Container className="py-10 sm:py-14">
        <PageHeading title={t('orders.title')} subtitle={t('orders.subtitle')} />
        {authorised ? (
          <OrdersQueryScreen />
        ) : (
          <SignInPrompt openLogin={!everAuthorised} text={t('orders.signInText')} />
        )}
      </Container>
    </div>
  );
}

function OrdersQueryScreen() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const listQuery = useUrlListQuery(ordersQueryCodec);
  return listQuery.result.ok ? (
    <OrdersScreen query={listQuery.result.query} listQuery={listQuery} />
  ) : (
    <ReadError
      error={listQuery.result.error}
      backTo={to(paths.userOrders)}
      backLabel={t('orders.readError.back')}
      text={t('orders.readError.text')}
    />
  );
}

function OrdersScreen({
  query,
  listQuery,
}: {
  query: OrdersQuery;
  listQuery: UrlListQueryState<OrdersQuery>;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const pages = useListPages({
    page: query.page,
    queryId: ordersQueryToSearch({ ...query, page: 1 }),
    queryKey: (page) => ordersQueryKeys.list(orderListRequest(query, page)),
    fetchPage: (page, signal) => ordersApi.list(orderListRequest(query, page), signal),
  });
  const { totalCount } = pages;
  const totalPages = totalCount === undefined ? 0 : Math.ceil(totalCount / query.limit);
  const noOrdersAtAll = totalCount === 0 && !pages.stale && !isNarrowed(query) && query.page === 1;

  function showMore() {
    pages.markShowMore();
    listQuery.update({ page: query.page + 1 });
  }

  return (
    <div className="mt-8 flex flex-col gap-6">
      {/* Someone without a single order has nothing to search, filter or sort. */}
      {!noOrdersAtAll && (
        <>
          <OrdersToolbar query={query} onChange={listQuery.update} />
          <p role="status" className="-mb-2 text-sm font-medium text-slate-600">
            {totalCount === undefined ? '\u00a0' : t('orders.toolbar.count', { count: totalCount })}
          </p>
        </>
      )}
      {pages.error ? (
        <LoadError error={pages.error} onRetry={pages.retry} title={t('orders.loadError')} />
      ) : pages.pending ? (
        <OrdersSkeleton />
      ) : pages.items.length === 0 && query.page > 1 && totalCount ? (
        <MissingPage page={query.page} firstPageHref={listQuery.hrefOf({ page: 1 })} />
      ) : pages.items.length === 0 && isNarrowed(query) ? (
        <EmptyState
          title={t('orders.empty.narrowedTitle')}
          text={t('orders.empty.narrowedText')}
          action={
            <Button
              variant="secondary"
              onClick={() => listQuery.update({ search: undefined, status: undefined })}
            >
              {t('orders.empty.reset')}
            </Button>
          }
        />
      ) : pages.items.length === 0 ? (
        <EmptyState
          icon={Package}
          title={t('orders.empty.title')}
          text={t('orders.empty.text')}
          action={<ButtonLink to={to(paths.catalog)}>{t('orders.empty.action')}</ButtonLink>}
        />
      ) : (
        <ul
          aria-label={t('orders.list.label')}
          aria-busy={pages.stale || undefined}
          className={clsx('flex flex-col gap-4', pages.stale && 'opacity-60 transition-opacity')}
        >
          {pages.items.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
      <ListPaging
        page={query.page}
        totalPages={totalPages}
        pages={pages}
        onShowMore={showMore}
        hrefOf={(page) => listQuery.hrefOf({ page })}
      />
    </div>
  );
}

function OrdersSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-4">
      {Array.from({ length: 3 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
        <div key={index} className="h-44 animate-pulse rounded-3xl bg-slate-200/60" />
      ))}
    </div>
  );
}
