import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export interface Choice {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  /** Shown at the end of the row (a price). */
  aside?: ReactNode;
  /** A control of its own under the text (removing a saved address), outside the radio's label. */
  action?: ReactNode;
}

/** A group of radio cards: one of them is chosen (delivery, pickup point, address, payment). */
export function ChoiceList({
  name,
  legend,
  choices,
  value,
  onChange,
  disabled,
}: {
  name: string;
  legend: string;
  choices: Choice[];
  value: string | null;
  onChange: (id: string) => void;
  disabled?: boolean;
}) {
  return (
    // Not disabled while the cart updates: a disabled group drops the keyboard's focus to the page
    // (arrow keys then move one step only); a change meanwhile is let go instead.
    <fieldset aria-busy={disabled || undefined} className="min-w-0">
      <legend className="sr-only">{legend}</legend>
      <div className="flex flex-col gap-2.5">
        {choices.map((choice) => {
          const checked = choice.id === value;
          const card = clsx(
            'rounded-2xl border transition',
            checked
              ? 'border-violet-500 bg-violet-50/60 ring-1 ring-violet-500'
              : 'border-slate-200 bg-white hover:border-slate-300',
          );
          const label = (
            <label
              key={choice.id}
              className={clsx(
                'flex cursor-pointer items-start gap-2.5 px-3.5 py-3.5 sm:gap-3 sm:px-4',
                !choice.action && card,
              )}
            >
              <input
                type="radio"
                name={name}
                value={choice.id}
                checked={checked}
                onChange={() => {
                  if (!disabled) onChange(choice.id);
                }}
                className="mt-1 size-4 shrink-0 accent-violet-600"
              />
              {/* The price beside the title, so that the description has the whole width below. */}
              <span className="min-w-0 flex-1">
                <span className="flex items-start justify-between gap-3">
                  <span className="block min-w-0 font-medium text-slate-900">{choice.title}</span>
                  {choice.aside && (
                    <span className="text-sm font-semibold whitespace-nowrap text-slate-900 tabular-nums">
                      {choice.aside}
                    </span>
                  )}
                </span>
                {choice.description && (
                  <span className="mt-0.5 block text-sm text-slate-500">{choice.description}</span>
                )}
              </span>
            </label>
          );
          if (!choice.action) return label;
          return (
            <div key={choice.id} className={card}>
              {label}
              {/* Under the text, aligned with it (past the radio's column). */}
              <div className="-mt-1.5 flex pr-3.5 pb-3 pl-10 sm:pr-4 sm:pl-11">{choice.action}</div>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A step of the checkout: a numbered card with its title. */
export function CheckoutStep({
  id,
  title,
  children,
  action,
}: {
  id: string;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A line saying a list is loading or is empty, inside a step. */
export function StepNote({ children }: { children: ReactNode }) {
  return <p className="rounded-2xl bg-slate-50 px-4 py-3 text-sm text-slate-600">{children}</p>;
}
