import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The opening of an integration page: the eyebrow, its one h1, the line under it and what follows. */
export function HeroIntro({
  title,
  text,
  centered = false,
  children,
}: {
  title: string;
  text: string;
  centered?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={clsx(centered && 'mx-auto max-w-3xl text-center')}>
      <p className="text-sm font-semibold tracking-wide text-violet-600 uppercase">
        {t('forms.integrations.eyebrow')}
      </p>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
        {title}
      </h1>
      <p
        className={clsx(
          'mt-4 text-base leading-relaxed text-pretty text-slate-600 sm:text-lg',
          !centered && 'max-w-2xl',
        )}
      >
        {text}
      </p>
      {children}
    </div>
  );
}
