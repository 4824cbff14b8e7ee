import { clsx } from 'clsx';

/** The brand mark: a photo frame with a cut corner, the cut-out subject shown as a dot. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={clsx('shrink-0', className)}>
      <defs>
        <linearGradient id="cutout-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#4f46e5" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#cutout-mark)" />
      <path
        d="M9 11.5A2.5 2.5 0 0 1 11.5 9H19l4 4v7.5a2.5 2.5 0 0 1-2.5 2.5h-9A2.5 2.5 0 0 1 9 20.5z"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeDasharray="3 2.2"
        strokeLinecap="round"
      />
      <circle cx="16" cy="16.5" r="3.6" fill="#fff" />
    </svg>
  );
}

/** The wordmark: the mark and the store name, used when the store has no logo image. */
export function Wordmark({
  name,
  tone = 'dark',
  className,
}: {
  name: string;
  tone?: 'dark' | 'light';
  className?: string;
}) {
  return (
    <span className={clsx('inline-flex items-center gap-2.5', className)}>
      <LogoMark className="size-8" />
      <span
        className={clsx(
          'text-xl font-bold tracking-tight',
          tone === 'dark' ? 'text-slate-900' : 'text-white',
        )}
      >
        {name}
      </span>
    </span>
  );
}
