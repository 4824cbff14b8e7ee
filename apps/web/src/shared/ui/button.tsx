import { clsx } from 'clsx';
import type { ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'danger' | 'secondary' | 'ghost' | 'inverse' | 'glass';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-xl font-semibold whitespace-nowrap transition ' +
  'disabled:pointer-events-none disabled:opacity-50';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-violet-600 text-white shadow-sm shadow-violet-600/25 hover:bg-violet-700 active:bg-violet-800',
  /** An action that cannot be undone (revoking keys). */
  danger: 'bg-rose-600 text-white shadow-sm shadow-rose-600/25 hover:bg-rose-700 active:bg-rose-800',
  secondary:
    'border border-slate-200 bg-white text-slate-800 shadow-sm hover:border-slate-300 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  inverse: 'bg-white text-violet-700 shadow-sm hover:bg-violet-50',
  glass: 'bg-white/10 text-white ring-1 ring-white/30 hover:bg-white/20',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3.5 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-13 px-7 text-base',
};

export function buttonClasses(
  options: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {},
) {
  return clsx(base, variants[options.variant ?? 'primary'], sizes[options.size ?? 'md'], options.className);
}

type StyleProps = { variant?: ButtonVariant; size?: ButtonSize };

/** A button: an action on this page. */
export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & StyleProps) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />;
}

/** A link that looks like a button: it goes somewhere. */
export function ButtonLink({ variant, size, className, ...props }: LinkProps & StyleProps) {
  return <Link className={buttonClasses({ variant, size, className })} {...props} />;
}
