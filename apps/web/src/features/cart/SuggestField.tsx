import { clsx } from 'clsx';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { uiConstants } from '../../shared/constants.ts';

export interface Suggestion<T> {
  key: string;
  label: string;
  hint?: string;
  value: T;
}

/**
 * A text field with suggestions (the ARIA combobox pattern): what is typed is sent, after a short
 * pause, to `suggest`; the list opens under the field; arrows move through it, Enter picks,
 * Escape closes. Typing never has to pick: the typed text stands as it is.
 */
export function SuggestField<T>({
  label,
  value,
  onChange,
  onPick,
  suggest,
  error,
  placeholder,
  autoComplete,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onPick: (suggestion: Suggestion<T>) => void;
  suggest: (query: string, signal: AbortSignal) => Promise<Suggestion<T>[]>;
  error?: string;
  placeholder?: string;
  autoComplete?: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<Suggestion<T>[]>([]);
  const [active, setActive] = useState(-1);
  const [loading, setLoading] = useState(false);
  const [query, setQuery] = useState<string | null>(null);

  useEffect(() => {
    if (query === null || query.trim().length < 2) {
      setItems([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      suggest(query.trim(), controller.signal)
        .then((found) => {
          setItems(found);
          setActive(-1);
          setOpen(found.length > 0);
        })
        .catch(() => setItems([]))
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, uiConstants.suggestDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, suggest]);

  const pick = (item: Suggestion<T>) => {
    onPick(item);
    setOpen(false);
    setItems([]);
    setQuery(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && items.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((current) => (current + 1) % items.length);
    } else if (event.key === 'ArrowUp' && items.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((current) => (current <= 0 ? items.length - 1 : current - 1));
    } else if (event.key === 'Enter' && open && items[active]) {
      event.preventDefault();
      pick(items[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const expanded = open && items.length > 0;
  const messageId = `${id}-message`;
  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
          autoComplete={autoComplete ?? 'off'}
          placeholder={placeholder}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            setQuery(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(items.length > 0)}
          className={clsx(
            'block h-11 w-full min-w-0 rounded-xl border bg-white px-3.5 pr-10 text-[15px] text-slate-900 shadow-xs transition placeholder:text-slate-400 focus:ring-4 focus:outline-none',
            error
              ? 'border-rose-400 focus:border-rose-500 focus:ring-rose-100'
              : 'border-slate-200 hover:border-slate-300 focus:border-violet-500 focus:ring-violet-100',
          )}
        />
        {loading && (
          <LoaderCircle
            aria-hidden="true"
            className="absolute top-1/2 right-3.5 size-4 -translate-y-1/2 animate-spin text-slate-400"
          />
        )}
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-1.5 max-h-72 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg shadow-slate-900/10"
      >
        {items.map((item, index) => (
          <div
            key={item.key}
            tabIndex={-1}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // Picked on mouse down, before the field's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(item);
            }}
            onMouseEnter={() => setActive(index)}
            className={clsx(
              'cursor-pointer rounded-lg px-3 py-2 text-sm',
              index === active ? 'bg-violet-50 text-violet-900' : 'text-slate-800',
            )}
          >
            <span className="block font-medium">{item.label}</span>
            {item.hint && <span className="block text-xs text-slate-500">{item.hint}</span>}
          </div>
        ))}
      </div>
      {error && (
        <p id={messageId} className="mt-1.5 flex items-start gap-1.5 text-sm text-rose-600">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      )}
    </div>
  );
}
