import { type OrderStatus, orderStatuses } from '@cutout/contracts';
import { Search, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uiConstants } from '../../shared/constants.ts';
import { SelectField } from '../../shared/ui/form.tsx';
import { type OrderPageSize, type OrdersQuery, orderPageSizes } from './orders-query.ts';

const allStatuses = 'all';

/** Above the orders: a search box, the status filter, the sort and the page size. */
export function OrdersToolbar({
  query,
  onChange,
}: {
  query: OrdersQuery;
  onChange: (patch: Partial<OrdersQuery>) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-5 lg:grid-cols-[minmax(0,1fr)_12rem_11rem_7rem] lg:items-end">
      <OrderSearch search={query.search} onSearch={(search) => onChange({ search })} />
      <SelectField
        label={t('orders.toolbar.status')}
        value={query.status ?? allStatuses}
        options={[
          { value: allStatuses, label: t('orders.toolbar.allStatuses') },
          ...orderStatuses.map((status) => ({ value: status, label: t(`orders.status.${status}`) })),
        ]}
        onChange={(value) => onChange({ status: value === allStatuses ? undefined : (value as OrderStatus) })}
      />
      <div className="grid grid-cols-[minmax(0,1fr)_7rem] gap-3 sm:col-span-2 lg:contents">
        <SelectField
          label={t('orders.toolbar.sort')}
          value={query.sort}
          options={[
            { value: 'desc', label: t('orders.toolbar.sortDesc') },
            { value: 'asc', label: t('orders.toolbar.sortAsc') },
          ]}
          onChange={(value) => onChange({ sort: value === 'asc' ? 'asc' : 'desc' })}
        />
        <SelectField
          label={t('orders.toolbar.pageSize')}
          value={String(query.limit)}
          options={orderPageSizes.map((size) => ({ value: String(size), label: String(size) }))}
          onChange={(value) => {
            const limit = orderPageSizes.find((size) => String(size) === value);
            if (limit) onChange({ limit: limit as OrderPageSize });
          }}
        />
      </div>
    </div>
  );
}

/** Searches by order number or product name: at once on Enter, or a second after typing stops (SPEC §9). */
function OrderSearch({ search, onSearch }: { search?: string; onSearch: (search?: string) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [value, setValue] = useState(search ?? '');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // A search changed elsewhere (the "show all" button, a link) shows in the box.
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
      className="sm:col-span-2 lg:col-span-1"
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        submit(value);
      }}
    >
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {t('orders.toolbar.search')}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          id={inputId}
          type="search"
          value={value}
          onChange={(event) => onType(event.target.value)}
          placeholder={t('orders.toolbar.searchPlaceholder')}
          enterKeyHint="search"
          className="block h-11 w-full min-w-0 rounded-xl border border-slate-200 bg-white pr-10 pl-10 text-[15px] text-slate-900 shadow-xs transition placeholder:text-slate-400 hover:border-slate-300 focus:border-violet-500 focus:ring-4 focus:ring-violet-100 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {value && (
          <button
            type="button"
            aria-label={t('catalog.search.clear')}
            onClick={() => {
              setValue('');
              submit('');
            }}
            className="absolute top-1/2 right-2 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded-lg text-slate-400 transition hover:bg-slate-100 hover:text-slate-700"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
      <button type="submit" className="sr-only">
        {t('orders.toolbar.searchSubmit')}
      </button>
    </form>
  );
}
