import { clsx } from 'clsx';
import { CopyButton } from './copy-button.tsx';

/** A block of code to read and copy, on a dark ground, with its title and a copy button above it. */
export function CodeBlock({
  code,
  label,
  title,
  copyLabel,
  className,
}: {
  code: string;
  /** What the code is, for assistive technology ('curl example'). */
  label: string;
  /** A short visible title ('cURL', 'Header'); none when not given. */
  title?: string;
  copyLabel?: string;
  className?: string;
}) {
  return (
    <figure
      aria-label={label}
      className={clsx('overflow-hidden rounded-2xl bg-slate-950 ring-1 ring-slate-900/10', className)}
    >
      <div className="flex items-center justify-between gap-3 border-b border-white/10 py-1.5 pr-1.5 pl-4">
        <span className="font-mono text-xs text-slate-400">{title}</span>
        <CopyButton text={code} label={copyLabel} tone="dark" className="h-8" />
      </div>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a block that scrolls sideways must be reachable by keyboard.
        tabIndex={0}
        className="overflow-x-auto p-4 font-mono text-[13px] leading-relaxed text-slate-100 sm:p-5"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
