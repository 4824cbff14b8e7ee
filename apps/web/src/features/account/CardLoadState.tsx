import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/api-error.ts';
import { Button } from '../../shared/ui/button.tsx';

/** What a card shows while its data loads: grey lines in its shape. */
export function CardSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label}>
      <div aria-hidden="true" className="flex flex-col gap-3">
        <div className="h-7 w-1/3 animate-pulse rounded-lg bg-slate-200/70" />
        <div className="h-4 w-1/2 animate-pulse rounded-lg bg-slate-200/60" />
        <div className="h-16 animate-pulse rounded-2xl bg-slate-200/50" />
      </div>
    </div>
  );
}

/** A card's data failed to load: the server's message and a retry. */
export function CardError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-2xl border border-rose-200 bg-rose-50/60 p-4 sm:flex-row sm:items-center"
    >
      <p className="flex flex-1 items-start gap-2 text-sm text-rose-800">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-rose-600" />
        {errorMessage(error, t)}
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('accountPlans.retry')}
      </Button>
    </div>
  );
}
