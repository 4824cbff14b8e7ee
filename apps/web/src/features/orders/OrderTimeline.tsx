import type { Order } from '@cutout/contracts';
import { clsx } from 'clsx';
import { Check, CircleDashed, Clock, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormatAmount } from '../../shared/format/use-format-amount.ts';
import { useFormatDateTime } from '../../shared/format/use-format-date.ts';
import { DetailCard } from './DetailCard.tsx';
import { timelineOf } from './order-timeline.ts';

const markers = {
  done: { icon: Check, className: 'bg-emerald-500 text-white' },
  current: { icon: Clock, className: 'bg-amber-400 text-white ring-4 ring-amber-100' },
  pending: { icon: CircleDashed, className: 'bg-white text-slate-400 ring-2 ring-slate-200' },
  stopped: { icon: X, className: 'bg-rose-500 text-white' },
};

/** Where the order stands: placed, paid, fulfilled — or cancelled, or refunded. */
export function OrderTimeline({ order }: { order: Order }) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  const formatMoney = useFormatAmount();
  const steps = timelineOf(order);
  return (
    <DetailCard title={t('orders.detail.timeline')}>
      <ol className="mt-5 flex flex-col">
        {steps.map((step, index) => {
          const { icon: Icon, className } = markers[step.state];
          const last = index === steps.length - 1;
          return (
            <li key={step.id} className="relative flex gap-3 pb-6 last:pb-0">
              {!last && (
                <span
                  aria-hidden="true"
                  className={clsx(
                    'absolute top-8 bottom-1 left-3.5 w-0.5 -translate-x-1/2 rounded-full',
                    step.state === 'done' ? 'bg-emerald-200' : 'bg-slate-200',
                  )}
                />
              )}
              <span
                aria-hidden="true"
                className={clsx(
                  'inline-flex size-7 shrink-0 items-center justify-center rounded-full',
                  className,
                )}
              >
                <Icon className="size-4" />
              </span>
              <div className="min-w-0 pt-0.5">
                <p
                  className={clsx(
                    'font-medium',
                    step.state === 'pending' ? 'text-slate-500' : 'text-slate-900',
                  )}
                >
                  {t(`orders.detail.step.${step.id}`)}
                  <span className="sr-only">
                    {' '}
                    ({t(`orders.detail.step.${step.state === 'stopped' ? 'done' : step.state}`)})
                  </span>
                </p>
                {step.at && (
                  <p className="text-sm text-slate-500">
                    <time dateTime={step.at}>{formatDate(step.at)}</time>
                  </p>
                )}
                {typeof step.amount === 'number' && (
                  <p className="text-sm text-slate-600">
                    {t('orders.detail.refundAmount', { amount: formatMoney(step.amount, order.currency) })}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </DetailCard>
  );
}
