import { catalogSearchMaxLength } from '@cutout/contracts';
import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { uiConstants } from '../../shared/constants.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';

/**
 * The header search: goes to the catalogue with `?search=` once the visitor has stopped typing
 * for a second (SPEC §9), or at once on Enter.
 */
export function SearchBox({ className, onSearch }: { className?: string; onSearch?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  // Other lists (orders) keep a search of their own under the same name: it is not this box's.
  const [value, setValue] = useState(() =>
    pathname.includes(paths.catalog) ? (params.get('search') ?? '') : '',
  );
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inputId = useId();

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function search(text: string) {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const query = text.trim();
    if (!query) {
      // Emptied over a searched catalogue: the list drops its search (and its page), keeps the rest.
      if (pathname.includes(paths.catalog) && params.has('search')) {
        const rest = new URLSearchParams(params);
        rest.delete('search');
        rest.delete('page');
        navigate(rest.size > 0 ? `${pathname}?${rest.toString()}` : pathname);
      }
      return;
    }
    navigate(`${to(paths.catalog)}?${new URLSearchParams({ search: query }).toString()}`);
    onSearch?.();
  }

  function onChange(text: string) {
    setValue(text);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => search(text), uiConstants.searchDebounceMs);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    search(value);
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not a landmark in Safari before 17 nor in jsdom; role="search" is.
    <form role="search" onSubmit={onSubmit} className={clsx('relative', className)}>
      <label htmlFor={inputId} className="sr-only">
        {t('search.label')}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        id={inputId}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        maxLength={catalogSearchMaxLength}
        className="h-10 w-full rounded-xl border border-slate-200 bg-slate-50 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-400 transition hover:border-slate-300 focus:border-violet-500 focus:bg-white focus:outline-none focus:ring-4 focus:ring-violet-500/15"
      />
    </form>
  );
}
