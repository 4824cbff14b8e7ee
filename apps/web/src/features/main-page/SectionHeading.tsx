import { clsx } from 'clsx';

export function SectionHeading({
  id,
  eyebrow,
  title,
  text,
  align = 'center',
  tone = 'light',
}: {
  id: string;
  eyebrow: string;
  title: string;
  text?: string;
  align?: 'center' | 'left';
  tone?: 'light' | 'dark';
}) {
  return (
    <div className={clsx('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
      <p
        className={clsx(
          'text-sm font-semibold tracking-wide uppercase',
          tone === 'light' ? 'text-violet-600' : 'text-violet-300',
        )}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={clsx(
          'mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl',
          tone === 'light' ? 'text-slate-900' : 'text-white',
        )}
      >
        {title}
      </h2>
      {text && (
        <p
          className={clsx(
            'mt-4 text-lg leading-relaxed text-pretty',
            tone === 'light' ? 'text-slate-600' : 'text-slate-300',
          )}
        >
          {text}
        </p>
      )}
    </div>
  );
}
