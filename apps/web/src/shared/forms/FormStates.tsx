import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, RotateCcw, RotateCw } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/api-error.ts';
import { Button } from '../ui/button.tsx';
import { FormAlert } from '../ui/form.tsx';
import { useFormTone, useToneStyles } from './form-tone.ts';
import type { FormAnswerResult } from './forms-api.ts';

/** A form-wide message, announced as an alert; on a dark band in dark colours. */
export function ToneAlert({ children }: { children: ReactNode }) {
  if (useFormTone() === 'light') return <FormAlert>{children}</FormAlert>;
  return (
    <div
      role="alert"
      className="flex items-start gap-2.5 rounded-xl border border-rose-400/40 bg-rose-500/10 px-3.5 py-3 text-sm text-rose-200"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="flex-1">{children}</div>
    </div>
  );
}

/** Grey bars in the shape of a form while it loads. */
export function FormSkeleton() {
  const { t } = useTranslation();
  const tone = useToneStyles();
  const bar = clsx('animate-pulse rounded-xl', tone.skeleton);
  return (
    <div role="status" aria-label={t('forms.loading')}>
      <div aria-hidden="true" className="flex flex-col gap-3">
        <div className={clsx(bar, 'h-7 w-2/3')} />
        <div className={clsx(bar, 'h-4 w-5/6')} />
        <div className="mt-4 grid gap-4 @lg:grid-cols-2">
          <div className={clsx(bar, 'h-11')} />
          <div className={clsx(bar, 'h-11')} />
        </div>
        <div className={clsx(bar, 'mt-1 h-24')} />
        <div className={clsx(bar, 'mt-2 h-11 w-36')} />
      </div>
    </div>
  );
}

/** The form could not be loaded: why, and a retry. */
export function FormLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const dark = useFormTone() === 'dark';
  return (
    <div className="flex flex-col items-start gap-4">
      <ToneAlert>
        <p className="font-medium">{t('forms.loadError')}</p>
        <p className="mt-0.5">{errorMessage(error, t)}</p>
      </ToneAlert>
      <Button variant={dark ? 'glass' : 'secondary'} onClick={onRetry}>
        <RotateCw aria-hidden="true" className="size-4" />
        {t('forms.retry')}
      </Button>
    </div>
  );
}

/**
 * What replaces a sent form: the form's after-submit title and subtitle, and a way to send another
 * answer. The title takes focus, so that a screen reader says the answer went through.
 */
export function AfterSubmit({
  result,
  centered,
  onAgain,
}: {
  result: FormAnswerResult;
  centered: boolean;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  const tone = useToneStyles();
  const dark = useFormTone() === 'dark';
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <div
      className={clsx('flex flex-col', centered ? 'items-center py-6 text-center sm:py-10' : 'items-start')}
    >
      <span
        className={clsx(
          'inline-flex size-14 items-center justify-center rounded-2xl ring-1',
          tone.successIcon,
        )}
      >
        <CircleCheck aria-hidden="true" className="size-7" />
      </span>
      <h2 ref={title} tabIndex={-1} className={clsx('mt-5 text-xl font-semibold outline-none', tone.heading)}>
        {result.afterSubmitTitle}
      </h2>
      {result.afterSubmitSubtitle && (
        <p className={clsx('mt-2 max-w-md leading-relaxed', tone.text)}>{result.afterSubmitSubtitle}</p>
      )}
      <Button variant={dark ? 'glass' : 'secondary'} className="mt-6" onClick={onAgain}>
        <RotateCcw aria-hidden="true" className="size-4" />
        {t('forms.sendAnother')}
      </Button>
    </div>
  );
}
