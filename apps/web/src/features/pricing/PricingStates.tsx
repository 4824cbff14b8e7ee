import { CircleAlert, Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/api-error.ts';
import { EmptyState } from '../../shared/list/ListStates.tsx';
import { Button } from '../../shared/ui/button.tsx';

/** Grey cards in the shape of the plans while they load. */
export function PlansSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('pricing.loading')}>
      <div aria-hidden="true" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {Array.from({ length: 5 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
          <div key={index} className="h-96 animate-pulse rounded-3xl bg-slate-200/60" />
        ))}
      </div>
    </div>
  );
}

/** The plans failed to load: why, and a retry. */
export function PlansError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center rounded-3xl border border-rose-200 bg-white px-6 py-12 text-center"
    >
      <CircleAlert aria-hidden="true" className="size-8 text-rose-500" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">{t('pricing.error.title')}</h2>
      <p className="mt-1 text-sm text-slate-600">{errorMessage(error, t)}</p>
      <Button variant="secondary" className="mt-5" onClick={onRetry}>
        {t('pricing.retry')}
      </Button>
    </section>
  );
}

/** No plan is priced in this currency (or for this period). */
export function NoPlans({ currency }: { currency: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState icon={Coins} title={t('pricing.empty.title')} text={t('pricing.empty.text', { currency })} />
  );
}
