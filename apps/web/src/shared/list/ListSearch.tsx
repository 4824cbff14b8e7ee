import { clsx } from 'clsx';
import { Search, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { uiConstants } from '../constants.ts';

/** The words of a list's search box, in the screen's language. */
export interface ListSearchTexts {
  label: string;
  placeholder: string;
  clear: string;
  submit: string;
}

/**
 * A list's search box: searches at once on Enter, or a second after typing stops (SPEC §9); a blank
 * search is none, and Escape empties the box and the search at once. A search changed elsewhere (a "show all" button, a link) shows in the box.
 */
export function ListSearch({
  search,
  onSearch,
  texts,
  className,
}: {
  search?: string;
  onSearch: (search?: string) => void;
  texts: ListSearchTexts;
  className?: string;
}) {
  const inputId = useId();
  const [value, setValue] = useState(search ?? '');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => setValue(search ?? ''), [search]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function submit(text: string) {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = text.trim() || undefined;
    if (next !== search) onSearch(next);
  }

  function onType(text: string) {
    setValue(text);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => submit(text), uiConstants.searchDebounceMs);
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not a landmark in jsdom; role="search" is.
    <form
      role="search"
      className={className}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        submit(value);
      }}
    >
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {texts.label}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-slate-500"
        />
        <input
          id={inputId}
          type="search"
          value={value}
          maxLength={200}
          onChange={(event) => onType(event.target.value)}
          onKeyDown={(event) => {
            // The browser empties a search box on Escape: the list shows everything again at once.
            if (event.key !== 'Escape' || !value) return;
            event.preventDefault();
            setValue('');
            submit('');
          }}
          placeholder={texts.placeholder}
          enterKeyHint="search"
          className="block h-11 w-full min-w-0 rounded-xl border border-slate-200 bg-white pr-10 pl-10 text-[15px] text-slate-900 shadow-xs transition placeholder:text-slate-500 hover:border-slate-300 focus:border-violet-500 focus:ring-4 focus:ring-violet-100 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {value && (
          <button
            type="button"
            aria-label={texts.clear}
            onClick={() => {
              setValue('');
              submit('');
            }}
            className={clsx(
              'absolute top-1/2 right-2 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded-lg',
              'text-slate-500 transition hover:bg-slate-100 hover:text-slate-800',
            )}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
      {/* For screen readers (Enter in the box submits); no Tab stop of its own, as it cannot be seen. */}
      <button type="submit" tabIndex={-1} className="sr-only">
        {texts.submit}
      </button>
    </form>
  );
}
