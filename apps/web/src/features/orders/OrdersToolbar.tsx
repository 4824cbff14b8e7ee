import { type OrderStatus, orderStatuses } from '@cutout/contracts';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../shared/list/ListSearch.tsx';
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
      <ListSearch
        search={query.search}
        onSearch={(search) => onChange({ search })}
        className="sm:col-span-2 lg:col-span-1"
        texts={{
          label: t('orders.toolbar.search'),
          placeholder: t('orders.toolbar.searchPlaceholder'),
          clear: t('catalog.search.clear'),
          submit: t('orders.toolbar.searchSubmit'),
        }}
      />
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
