import { clsx } from 'clsx';
import { Gift, Send, Ticket } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../shared/format/use-format-date.ts';
import { Button } from '../../shared/ui/button.tsx';
import { CopyButton } from '../../shared/ui/copy-button.tsx';
import { SendGiftModal } from './SendGiftModal.tsx';
import { useGrantText } from './use-grant-text.ts';
import type { Voucher } from './vouchers-api.ts';

type Status = 'unused' | 'sent' | 'applied' | 'appliedByYou' | 'void';

/**
 * Where a code stands: applied (by the viewer or by someone), cancelled by its order's refund, sent
 * to someone, or still unused.
 */
export function voucherStatus(voucher: Voucher): Status {
  if (voucher.redeemedAt) return voucher.redeemedByViewer ? 'appliedByYou' : 'applied';
  if (voucher.voidedAt) return 'void';
  return voucher.recipientEmail ? 'sent' : 'unused';
}

/** A gift card the viewer bought and nobody has applied yet: its code may be e-mailed to someone. */
export const canSend = (voucher: Voucher) =>
  voucher.kind === 'gift_card' &&
  !voucher.redeemedByViewer &&
  voucher.redeemedAt === null &&
  voucher.voidedAt === null;

const statusClasses: Record<Status, string> = {
  unused: 'bg-violet-50 text-violet-700 ring-violet-200',
  sent: 'bg-sky-50 text-sky-700 ring-sky-200',
  applied: 'bg-slate-100 text-slate-700 ring-slate-300',
  appliedByYou: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  void: 'bg-rose-50 text-rose-700 ring-rose-200',
};

const dotClasses: Record<Status, string> = {
  unused: 'bg-violet-500',
  sent: 'bg-sky-500',
  applied: 'bg-slate-500',
  appliedByYou: 'bg-emerald-500',
  void: 'bg-rose-500',
};

/** One code: its kind, the code to copy, what it gives, where it came from and where it stands. */
export function VoucherCard({ voucher }: { voucher: Voucher }) {
  const { t } = useTranslation();
  const kindId = useId();
  const codeId = useId();
  const formatDate = useFormatDate();
  const grantText = useGrantText();
  const [sending, setSending] = useState(false);
  const status = voucherStatus(voucher);
  const KindIcon = voucher.kind === 'gift_card' ? Gift : Ticket;
  const used = voucher.redeemedAt !== null || voucher.voidedAt !== null;
  const statusText =
    status === 'unused'
      ? t('vouchers.status.unused')
      : status === 'sent'
        ? t('vouchers.status.sent', { email: voucher.recipientEmail })
        : t(`vouchers.status.${status}`, { date: formatDate(voucher.redeemedAt ?? voucher.voidedAt ?? '') });

  return (
    <article
      aria-labelledby={`${kindId} ${codeId}`}
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-slate-300 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <span
          id={kindId}
          className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-700"
        >
          <KindIcon aria-hidden="true" className="size-3.5 text-violet-600" />
          {t(`vouchers.kind.${voucher.kind}`)}
        </span>
        <span
          data-status={status}
          className={clsx(
            'inline-flex max-w-full items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset',
            statusClasses[status],
          )}
        >
          <span aria-hidden="true" className={clsx('size-1.5 shrink-0 rounded-full', dotClasses[status])} />
          <span className="min-w-0 wrap-anywhere">{statusText}</span>
        </span>
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h3
          id={codeId}
          className={clsx(
            'min-w-0 font-mono text-base font-semibold tracking-wide break-all sm:text-xl sm:tracking-wider',
            used ? 'text-slate-500' : 'text-slate-900',
          )}
        >
          {voucher.code}
        </h3>
        <CopyButton text={voucher.code} label={t('vouchers.list.copy')} />
      </div>

      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
        <div className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">
            {t('vouchers.list.gives')}
          </dt>
          <dd className="mt-0.5 font-semibold text-slate-900">{grantText(voucher.grant)}</dd>
        </div>
        {voucher.productName && (
          <div className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">
              {t('vouchers.list.product')}
            </dt>
            <dd className="mt-0.5 text-slate-700">{voucher.productName}</dd>
          </div>
        )}
        <div className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">
            {t('vouchers.list.created')}
          </dt>
          <dd className="mt-0.5 text-slate-700">
            <time dateTime={voucher.createdAt}>{formatDate(voucher.createdAt)}</time>
          </dd>
        </div>
      </dl>

      {canSend(voucher) && (
        <div className="mt-5 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4">
          <Button
            variant={status === 'sent' ? 'secondary' : 'primary'}
            size="sm"
            onClick={() => setSending(true)}
          >
            <Send aria-hidden="true" className="size-4" />
            {status === 'sent' ? t('vouchers.send.again') : t('vouchers.send.open')}
          </Button>
        </div>
      )}
      {sending && <SendGiftModal voucher={voucher} onClose={() => setSending(false)} />}
    </article>
  );
}
