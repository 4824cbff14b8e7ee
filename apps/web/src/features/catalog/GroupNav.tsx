import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProductGroup } from '../../shared/catalog/catalog-api.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { type GroupNode, groupPath, groupTree } from './groups.ts';

/**
 * The groups tree beside a list. A group's subgroups show under it while it or one of them is
 * chosen; a link keeps the search, sort and page size and drops the rest.
 */
export function GroupNav({
  groups,
  active,
  basePath,
  search,
}: {
  groups: ProductGroup[];
  active: ProductGroup | undefined;
  /** '/products/catalog' or '/favorites/catalog'. */
  basePath: string;
  /** The query string the links carry ('' or '?…'). */
  search: string;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const open = groupPath(groups, active);
  const [expanded, setExpanded] = useState(false);

  const item = (label: string, path: string, current: boolean, depth: number) => (
    <Link
      to={`${to(path)}${search}`}
      aria-current={current ? 'page' : undefined}
      className={clsx(
        'block rounded-xl py-2 pr-3 text-sm transition',
        depth === 0 ? 'pl-3' : depth === 1 ? 'pl-7' : 'pl-11',
        current
          ? 'bg-violet-50 font-semibold text-violet-700'
          : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
      )}
    >
      {label}
    </Link>
  );

  const branch = (nodes: GroupNode[], depth: number) => (
    <ul className="flex flex-col gap-0.5">
      {nodes.map((node) => (
        <li key={node.id}>
          {item(
            node.name,
            `${basePath}/${encodeURIComponent(node.slugifyId)}`,
            node.id === active?.id,
            depth,
          )}
          {node.children.length > 0 && (open.has(node.id) || depth === 0) && (
            <div className="mt-0.5">{branch(node.children, depth + 1)}</div>
          )}
        </li>
      ))}
    </ul>
  );

  return (
    <nav aria-label={t('catalog.groups.label')}>
      {/* On a phone the tree folds under the chosen group's name, so that the products come first. */}
      <button
        type="button"
        aria-expanded={expanded}
        onClick={() => setExpanded((shown) => !shown)}
        className="flex w-full items-center justify-between gap-3 rounded-xl px-3 py-2 text-left lg:hidden"
      >
        <span className="min-w-0">
          <span className="block text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {t('catalog.groups.label')}
          </span>
          <span className="block truncate font-semibold text-slate-900">
            {active?.name ?? t('catalog.groups.all')}
          </span>
        </span>
        <ChevronDown
          aria-hidden="true"
          className={clsx('size-5 shrink-0 text-slate-400 transition', expanded && 'rotate-180')}
        />
      </button>
      <p className="hidden px-3 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase lg:block">
        {t('catalog.groups.label')}
      </p>
      <div className={expanded ? 'mt-2 lg:mt-0' : 'hidden lg:block'}>
        <ul className="flex flex-col gap-0.5">
          <li>{item(t('catalog.groups.all'), basePath, !active, 0)}</li>
        </ul>
        <div className="mt-0.5">{branch(groupTree(groups), 0)}</div>
      </div>
    </nav>
  );
}
