import type { OrderStatus } from '@cutout/contracts';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

/** One colour per status: waiting is amber, done is green, closed without money is rose or grey. */
const statusClasses: Record<OrderStatus, string> = {
  placed: 'bg-sky-50 text-sky-700 ring-sky-200',
  awaiting_payment: 'bg-amber-50 text-amber-800 ring-amber-200',
  paid: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  fulfilled: 'bg-violet-50 text-violet-700 ring-violet-200',
  cancelled: 'bg-rose-50 text-rose-700 ring-rose-200',
  refunded: 'bg-slate-100 text-slate-700 ring-slate-300',
};

const dotClasses: Record<OrderStatus, string> = {
  placed: 'bg-sky-500',
  awaiting_payment: 'bg-amber-500',
  paid: 'bg-emerald-500',
  fulfilled: 'bg-violet-500',
  cancelled: 'bg-rose-500',
  refunded: 'bg-slate-500',
};

/** The order's status as a coloured label. */
export function StatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      data-status={status}
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        statusClasses[status],
        className,
      )}
    >
      <span aria-hidden="true" className={clsx('size-1.5 rounded-full', dotClasses[status])} />
      {t(`orders.status.${status}`)}
    </span>
  );
}
