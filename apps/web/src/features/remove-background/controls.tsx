import { clsx } from 'clsx';
import { RadioGroup, Switch } from 'radix-ui';
import { type ReactNode, useId } from 'react';

/** A labelled row of mutually exclusive choices (a radio group drawn as a segmented control). */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: ReactNode; hint?: ReactNode }>;
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div>
      <p id={id} className="mb-1.5 text-sm font-medium text-slate-700">
        {label}
      </p>
      <RadioGroup.Root
        aria-labelledby={id}
        value={value}
        onValueChange={(next) => onChange(next as T)}
        disabled={disabled}
        orientation="horizontal"
        className="grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-slate-100 p-1"
      >
        {options.map((option) => (
          <RadioGroup.Item
            key={option.value}
            value={option.value}
            className={clsx(
              'flex min-h-9 flex-col items-center justify-center rounded-lg px-2 py-1 text-sm font-medium text-slate-600 transition',
              'hover:text-slate-900 data-[state=checked]:bg-white data-[state=checked]:text-violet-700 data-[state=checked]:shadow-sm',
              'disabled:opacity-50',
            )}
          >
            <span>{option.label}</span>
            {option.hint && <span className="text-[11px] font-normal text-slate-500">{option.hint}</span>}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}

/** A labelled on/off switch, with what it reveals below it while on. */
export function SwitchRow({
  label,
  description,
  checked,
  onChange,
  children,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <div className="flex items-start justify-between gap-4">
        <label htmlFor={id} className="cursor-pointer">
          <span className="block text-sm font-medium text-slate-800">{label}</span>
          {description && <span className="mt-0.5 block text-xs text-slate-500">{description}</span>}
        </label>
        <Switch.Root
          id={id}
          checked={checked}
          onCheckedChange={onChange}
          className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-200 transition data-[state=checked]:bg-violet-600"
        >
          <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[1.375rem]" />
        </Switch.Root>
      </div>
      {checked && children && <div className="mt-3">{children}</div>}
    </div>
  );
}

export const smallInputClasses =
  'block h-10 w-full min-w-0 rounded-xl border border-slate-200 bg-white px-3 text-sm text-slate-900 shadow-xs transition ' +
  'placeholder:text-slate-400 hover:border-slate-300 focus:border-violet-500 focus:ring-4 focus:ring-violet-100 focus:outline-none';
