import { type ListPageSize, type ListSort, listLimits } from '@cutout/contracts';
import { useTranslation } from 'react-i18next';
import type { ListMode } from '../../shared/list/use-list-mode.ts';
import { ViewModeSwitch } from '../../shared/list/ViewModeSwitch.tsx';
import { SelectField } from '../../shared/ui/form.tsx';
import { defaultSort, sortOptions } from './list-request.ts';

const sortId = (sort: ListSort) =>
  sortOptions.find(
    (option) => option.sort.property === sort.property && option.sort.direction === sort.direction,
  )?.id ?? sortOptions[0].id;

/** Above a list: how many match, the sort, the page size and the view. */
export function Toolbar({
  totalCount,
  sort,
  limit,
  mode,
  onSort,
  onLimit,
  onMode,
}: {
  totalCount: number | undefined;
  sort: ListSort | undefined;
  limit: ListPageSize;
  mode: ListMode;
  onSort: (sort: ListSort) => void;
  onLimit: (limit: ListPageSize) => void;
  onMode: (mode: ListMode) => void;
}) {
  const { t } = useTranslation();
  return (
    // On a phone the count and the view share the first row and the two selects take the second.
    <div className="flex flex-wrap items-end gap-3">
      <p role="status" className="mr-auto self-center text-sm font-medium text-slate-600 sm:self-end sm:pb-3">
        {totalCount === undefined ? '\u00a0' : t('catalog.toolbar.count', { count: totalCount })}
      </p>
      <div className="order-last flex w-full items-end gap-3 sm:order-none sm:w-auto">
        <SelectField
          label={t('catalog.toolbar.sort')}
          value={sortId(sort ?? defaultSort)}
          options={sortOptions.map((option) => ({ value: option.id, label: t(`catalog.sort.${option.id}`) }))}
          onChange={(id) => {
            const option = sortOptions.find((candidate) => candidate.id === id);
            if (option) onSort(option.sort);
          }}
          className="min-w-0 flex-1 sm:w-56 sm:flex-none"
        />
        <SelectField
          label={t('catalog.toolbar.pageSize')}
          value={String(limit)}
          options={listLimits.pageSizes.map((size) => ({ value: String(size), label: String(size) }))}
          onChange={(value) => {
            const size = listLimits.pageSizes.find((candidate) => String(candidate) === value);
            if (size) onLimit(size);
          }}
          className="w-28"
        />
      </div>
      <ViewModeSwitch
        mode={mode}
        onMode={onMode}
        texts={{
          group: t('catalog.toolbar.view'),
          grid: t('catalog.toolbar.grid'),
          list: t('catalog.toolbar.list'),
        }}
      />
    </div>
  );
}
