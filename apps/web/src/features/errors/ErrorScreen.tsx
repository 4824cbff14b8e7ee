import type { ReactNode } from 'react';

/** The common layout of the error screens: a visual, a heading, a text and actions. */
export function ErrorScreen({
  visual,
  title,
  text,
  actions,
}: {
  visual: ReactNode;
  title: string;
  text: ReactNode;
  actions: ReactNode;
}) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <div className="mb-8">{visual}</div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 text-balance sm:text-3xl">{title}</h1>
      <div className="mt-4 text-base leading-relaxed text-slate-600 text-pretty">{text}</div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
    </section>
  );
}

/** A round icon badge for the error screens. */
export function ErrorBadge({
  children,
  tone = 'violet',
}: {
  children: ReactNode;
  tone?: 'violet' | 'amber' | 'rose';
}) {
  const tones = {
    violet: 'bg-violet-50 text-violet-600 ring-violet-100',
    amber: 'bg-amber-50 text-amber-600 ring-amber-100',
    rose: 'bg-rose-50 text-rose-600 ring-rose-100',
  };
  return (
    <span className={`inline-flex size-20 items-center justify-center rounded-3xl ring-8 ${tones[tone]}`}>
      {children}
    </span>
  );
}
