import { clsx } from 'clsx';

/** The heading of a section of the pricing page: an eyebrow, an h2 and a line under it. */
export function SectionTitle({
  id,
  eyebrow,
  title,
  text,
  className,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  text?: string;
  className?: string;
}) {
  return (
    <div className={clsx('mx-auto max-w-2xl text-center', className)}>
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-violet-600 uppercase">{eyebrow}</p>}
      <h2 id={id} className="mt-2 text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
        {title}
      </h2>
      {text && <p className="mt-3 leading-relaxed text-pretty text-slate-600">{text}</p>}
    </div>
  );
}
