import { type Order, shownLine } from '@cutout/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatAmount } from '../../shared/format/use-format-amount.ts';
import { useFormatDateTime } from '../../shared/format/use-format-date.ts';
import { OrderActions, useOrderLink } from './OrderActions.tsx';
import { lineName, productLines } from './order-products.ts';
import { StatusBadge } from './StatusBadge.tsx';

/** One order in the list: number, date, status, what was bought, the total and what can be done. */
export function OrderCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  const titleId = useId();
  const link = useOrderLink(order);
  const formatMoney = useFormatAmount();
  const formatDate = useFormatDateTime();
  const lines = productLines(order);
  const [first] = lines;

  return (
    <article
      aria-labelledby={titleId}
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-slate-300 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            <Link to={link.to} state={link.state} className="hover:text-violet-700">
              {order.defaultName}
            </Link>
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">
            <time dateTime={order.periodAt} className="whitespace-nowrap">
              {formatDate(order.periodAt)}
            </time>
          </p>
        </div>
        <StatusBadge status={order.status} className="mt-0.5 shrink-0" />
      </div>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div className="min-w-0 flex-1 basis-56">
          <p className="text-xs font-medium tracking-wide text-slate-400 uppercase">
            {t('orders.list.products')}
          </p>
          <p className="mt-1 text-sm text-slate-800">
            {first ? (
              <>
                <span className="font-medium">{lineName(first)}</span>
                {shownLine(first).quantity > 1 && <span className="text-slate-500"> × {first.quantity}</span>}
                {lines.length > 1 && (
                  <span className="text-slate-500">
                    {' '}
                    {t('orders.list.moreProducts', { count: lines.length - 1 })}
                  </span>
                )}
              </>
            ) : (
              <span className="text-slate-500">{t('orders.list.noProducts')}</span>
            )}
          </p>
        </div>
        <div className="sm:text-right">
          <p className="text-xs font-medium tracking-wide text-slate-400 uppercase">
            {t('orders.list.total')}
          </p>
          <p className="mt-0.5 text-xl font-bold tracking-tight text-slate-900">
            {formatMoney(order.amount, order.currency)}
          </p>
        </div>
      </div>
      <OrderActions order={order} withOpen className="mt-5 border-t border-slate-100 pt-4" />
    </article>
  );
}
