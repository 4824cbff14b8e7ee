import clsx from 'clsx';
import type { ReactNode } from 'react';

/** The title of a page (its one h1) and the line under it, the same on every screen. */
export function PageHeading({
  title,
  subtitle,
  className,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  className?: string;
}) {
  return (
    <div className={clsx('max-w-2xl', className)}>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {subtitle && <p className="mt-2 text-slate-600">{subtitle}</p>}
    </div>
  );
}
