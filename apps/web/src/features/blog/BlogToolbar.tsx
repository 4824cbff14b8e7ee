import { type PageSort, pageSorts } from '@cutout/contracts';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../shared/list/ListSearch.tsx';
import type { ListMode } from '../../shared/list/use-list-mode.ts';
import { ViewModeSwitch } from '../../shared/list/ViewModeSwitch.tsx';
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
      <ListSearch
        search={query.search}
        onSearch={(search) => onChange({ search })}
        className="w-full md:w-auto md:flex-1"
        texts={{
          label: t('blog.toolbar.search'),
          placeholder: t('blog.toolbar.searchPlaceholder'),
          clear: t('blog.toolbar.clearSearch'),
          submit: t('blog.toolbar.searchSubmit'),
        }}
      />
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
      <ViewModeSwitch
        mode={mode}
        onMode={onMode}
        texts={{ group: t('blog.toolbar.view'), grid: t('blog.toolbar.grid'), list: t('blog.toolbar.list') }}
      />
    </div>
  );
}
