import { type PageSort, pageSorts } from '@cutout/contracts';
import { clsx } from 'clsx';
import { LayoutGrid, List, Search, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uiConstants } from '../../shared/constants.ts';
import type { ListMode } from '../../shared/list/use-list-mode.ts';
import { SelectField } from '../../shared/ui/form.tsx';
import type { BlogQuery } from './blog-query.ts';

/** The label key of each sort (SPEC §9: newest, oldest, title A–Z and Z–A). */
const sortKeys: Record<PageSort, string> = {
  'createdAt desc': 'blog.sort.newest',
  'createdAt asc': 'blog.sort.oldest',
  'name asc': 'blog.sort.titleAsc',
  'name desc': 'blog.sort.titleDesc',
};

/** Above the posts: a search box, the sort and the view. */
export function BlogToolbar({
  query,
  mode,
  onChange,
  onMode,
}: {
  query: BlogQuery;
  mode: ListMode;
  onChange: (patch: Partial<BlogQuery>) => void;
  onMode: (mode: ListMode) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-end gap-3 rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <PostSearch search={query.search} onSearch={(search) => onChange({ search })} />
      <SelectField
        label={t('blog.toolbar.sort')}
        value={query.sort}
        options={pageSorts.map((sort) => ({ value: sort, label: t(sortKeys[sort]) }))}
        onChange={(value) => {
          const sort = pageSorts.find((candidate) => candidate === value);
          if (sort) onChange({ sort });
        }}
        className="min-w-0 flex-1 md:w-52 md:flex-none"
      />
      <ViewSwitch mode={mode} onMode={onMode} />
    </div>
  );
}

/** Finds posts by their words: at once on Enter, or a second after typing stops (SPEC §9). */
function PostSearch({ search, onSearch }: { search?: string; onSearch: (search?: string) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [value, setValue] = useState(search ?? '');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // A search changed elsewhere (the "show all posts" button, a link) shows in the box.
  useEffect(() => setValue(search ?? ''), [search]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function stopTimer() {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }

  function submit(text: string) {
    stopTimer();
    const next = text.trim() || undefined;
    if (next !== search) onSearch(next);
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not a landmark in jsdom; role="search" is.
    <form
      role="search"
      className="w-full md:w-auto md:flex-1"
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        submit(value);
      }}
    >
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {t('blog.toolbar.search')}
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
          onChange={(event) => {
            const text = event.target.value;
            setValue(text);
            stopTimer();
            timer.current = setTimeout(() => submit(text), uiConstants.searchDebounceMs);
          }}
          placeholder={t('blog.toolbar.searchPlaceholder')}
          enterKeyHint="search"
          className="block h-11 w-full min-w-0 rounded-xl border border-slate-200 bg-white pr-10 pl-10 text-[15px] text-slate-900 shadow-xs transition placeholder:text-slate-500 hover:border-slate-300 focus:border-violet-500 focus:ring-4 focus:ring-violet-100 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {value && (
          <button
            type="button"
            aria-label={t('blog.toolbar.clearSearch')}
            onClick={() => {
              setValue('');
              submit('');
            }}
            className="absolute top-1/2 right-2 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded-lg text-slate-500 transition hover:bg-slate-100 hover:text-slate-800"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
      <button type="submit" className="sr-only">
        {t('blog.toolbar.searchSubmit')}
      </button>
    </form>
  );
}

/** Cards in a grid, or rows: two toggle buttons. */
function ViewSwitch({ mode, onMode }: { mode: ListMode; onMode: (mode: ListMode) => void }) {
  const { t } = useTranslation();
  const modes = [
    { id: 'grid', icon: LayoutGrid, label: t('blog.toolbar.grid') },
    { id: 'list', icon: List, label: t('blog.toolbar.list') },
  ] as const;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset.
    <div
      role="group"
      aria-label={t('blog.toolbar.view')}
      className="flex h-11 shrink-0 rounded-xl border border-slate-200 bg-white p-1 shadow-xs"
    >
      {modes.map(({ id, icon: Icon, label }) => (
        <button
          key={id}
          type="button"
          aria-pressed={mode === id}
          aria-label={label}
          title={label}
          onClick={() => onMode(id)}
          className={clsx(
            'inline-flex w-10 items-center justify-center rounded-lg transition',
            mode === id
              ? 'bg-violet-600 text-white shadow-sm'
              : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
          )}
        >
          <Icon aria-hidden="true" className="size-4.5" />
        </button>
      ))}
    </div>
  );
}
