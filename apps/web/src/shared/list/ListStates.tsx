import { CircleAlert, type LucideIcon, RotateCw, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/api-error.ts';
import { Button, ButtonLink } from '../ui/button.tsx';

/** The screen of a URL whose params or filter cannot be read (SPEC §8.1), with a way back. */
export function ReadError({
  error,
  backTo,
  backLabel,
  text,
}: {
  error: 'params' | 'filter';
  backTo: string;
  backLabel?: string;
  /** What to do instead; the catalogue's advice when not given. */
  text?: string;
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
      <p className="mt-2 text-slate-600">{text ?? t('catalog.readError.text')}</p>
      <ButtonLink to={backTo} className="mt-6">
        {backLabel ?? t('catalog.readError.back')}
      </ButtonLink>
    </section>
  );
}

/** A list with nothing in it: why, and what to do next. */
export function EmptyState({
  title,
  text,
  action,
  icon: Icon = SearchX,
}: {
  title: string;
  text: string;
  action?: ReactNode;
  icon?: LucideIcon;
}) {
  return (
    <section className="flex flex-col items-center rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-violet-50 text-violet-600">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-2 max-w-md text-sm text-slate-600">{text}</p>
      {action && <div className="mt-6">{action}</div>}
    </section>
  );
}

/** A page past the list's end (the list has shrunk since the link was made), with a way to the first. */
export function MissingPage({ page, firstPageHref }: { page: number; firstPageHref: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={t('catalog.empty.pageTitle', { page })}
      text={t('catalog.empty.pageText')}
      action={
        <ButtonLink to={firstPageHref} variant="secondary">
          {t('catalog.empty.firstPage')}
        </ButtonLink>
      }
    />
  );
}

/** A list that failed to load, with a retry; `title` says what could not be loaded (the products' by default). */
export function LoadError({
  error,
  onRetry,
  title,
  retryLabel,
}: {
  error: unknown;
  onRetry: () => void;
  title?: string;
  retryLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <section
      role="alert"
      className="flex flex-col items-center rounded-3xl border border-rose-200 bg-white px-6 py-12 text-center"
    >
      <CircleAlert aria-hidden="true" className="size-8 text-rose-600" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">{title ?? t('catalog.loadError')}</h2>
      <p className="mt-1 text-sm text-slate-600">{errorMessage(error, t)}</p>
      <Button variant="secondary" className="mt-5" onClick={onRetry}>
        <RotateCw aria-hidden="true" className="size-4" />
        {retryLabel ?? t('catalog.retry')}
      </Button>
    </section>
  );
}
