import { CircleAlert, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/api-error.ts';
import { Button, ButtonLink } from '../../shared/ui/button.tsx';
import type { ListMode } from './use-list-mode.ts';

/** The screen of a URL whose params or filter cannot be read (SPEC §8.1), with a way back. */
export function ReadError({
  error,
  backTo,
  backLabel,
}: {
  error: 'params' | 'filter';
  backTo: string;
  backLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <section role="alert" className="mt-8 max-w-xl rounded-3xl border border-rose-200 bg-white p-8 shadow-sm">
      <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-rose-50 text-rose-600">
        <CircleAlert aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-4 text-xl font-semibold text-slate-900">
        {t(error === 'params' ? 'catalog.readError.paramsTitle' : 'catalog.readError.filterTitle')}
      </h2>
      <p className="mt-2 text-slate-600">{t('catalog.readError.text')}</p>
      <ButtonLink to={backTo} className="mt-6">
        {backLabel ?? t('catalog.readError.back')}
      </ButtonLink>
    </section>
  );
}

/** A list with nothing in it: why, and what to do next. */
export function EmptyState({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <section className="flex flex-col items-center rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-violet-50 text-violet-600">
        <SearchX aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-2 max-w-md text-sm text-slate-600">{text}</p>
      {action && <div className="mt-6">{action}</div>}
    </section>
  );
}

/** A list that failed to load, with a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section
      role="alert"
      className="flex flex-col items-center rounded-3xl border border-rose-200 bg-white px-6 py-12 text-center"
    >
      <CircleAlert aria-hidden="true" className="size-8 text-rose-500" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">{t('catalog.loadError')}</h2>
      <p className="mt-1 text-sm text-slate-600">{errorMessage(error, t)}</p>
      <Button variant="secondary" className="mt-5" onClick={onRetry}>
        {t('catalog.retry')}
      </Button>
    </section>
  );
}

/** Grey cards in the shape of the list while its first page loads. */
export function ListSkeleton({ mode }: { mode: ListMode }) {
  return (
    <div aria-hidden="true" className={mode === 'list' ? 'flex flex-col gap-3' : gridClasses}>
      {Array.from({ length: mode === 'list' ? 4 : 6 }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
          key={index}
          className={
            mode === 'list'
              ? 'h-28 animate-pulse rounded-3xl bg-slate-200/60'
              : 'h-80 animate-pulse rounded-3xl bg-slate-200/60'
          }
        />
      ))}
    </div>
  );
}

/** One column on a phone, two on a tablet, three beside the sidebar on a desktop. */
export const gridClasses = 'grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3';
