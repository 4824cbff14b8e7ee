import { CircleAlert, Gift, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/api-error.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { Button, ButtonLink } from '../../shared/ui/button.tsx';
import { useVoucherList } from './use-vouchers.ts';
import { VoucherCard } from './VoucherCard.tsx';

/** The gift cards' group of the catalogue (its slug), where codes are bought. */
export const giftCardsGroup = 'gift-cards';

/** "Your codes": the viewer's codes as cards, with loading, error and empty states. */
export function VoucherList() {
  const { t } = useTranslation();
  const list = useVoucherList();
  const count = list.data?.length;
  return (
    <section aria-labelledby="voucher-list-title" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h2 id="voucher-list-title" className="text-lg font-semibold text-slate-900">
            {t('vouchers.list.title')}
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">{t('vouchers.list.text')}</p>
        </div>
        {count !== undefined && count > 0 && (
          <p className="text-sm font-medium text-slate-600">{t('vouchers.list.count', { count })}</p>
        )}
      </div>
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ListError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyCodes />
      ) : (
        <ul aria-label={t('vouchers.list.title')} className="flex flex-col gap-4">
          {list.data.map((voucher) => (
            <li key={voucher.id}>
              <VoucherCard voucher={voucher} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('vouchers.list.loading')} className="flex flex-col gap-4">
      {Array.from({ length: 2 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
        <div key={index} aria-hidden="true" className="h-44 animate-pulse rounded-3xl bg-slate-200/60" />
      ))}
    </div>
  );
}

function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-3xl border border-rose-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:p-6"
    >
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-rose-50 text-rose-600">
        <CircleAlert aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{t('vouchers.list.error')}</p>
        <p className="mt-0.5 text-sm text-slate-600">{errorMessage(error, t)}</p>
      </div>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('vouchers.list.retry')}
      </Button>
    </div>
  );
}

function EmptyCodes() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-violet-50 text-violet-600">
        <Gift aria-hidden="true" className="size-6" />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{t('vouchers.empty.title')}</h3>
      <p className="mt-2 max-w-md text-sm text-slate-600">{t('vouchers.empty.text')}</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <ButtonLink to={to(`${paths.catalog}/${giftCardsGroup}`)}>
          <Gift aria-hidden="true" className="size-4" />
          {t('vouchers.empty.catalog')}
        </ButtonLink>
        <ButtonLink to={to(paths.pricing)} variant="secondary">
          <Sparkles aria-hidden="true" className="size-4" />
          {t('vouchers.empty.pricing')}
        </ButtonLink>
      </div>
    </div>
  );
}
