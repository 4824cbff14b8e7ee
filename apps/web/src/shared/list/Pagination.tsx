import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paginationItems } from '../pagination/pagination.ts';

/** Numbered pagination (SPEC §9): each page is a link, so that a page can be opened in a new tab. */
export function Pagination({
  page,
  totalPages,
  hrefOf,
}: {
  page: number;
  totalPages: number;
  hrefOf: (page: number) => string;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const items = paginationItems({ page, totalPages });
  const cell = 'inline-flex size-10 items-center justify-center rounded-xl text-sm font-semibold transition';
  const arrow = (target: number, label: string, Icon: typeof ChevronLeft) =>
    target < 1 || target > totalPages ? (
      <span className={clsx(cell, 'text-slate-300')} aria-hidden="true">
        <Icon className="size-4.5" />
      </span>
    ) : (
      <Link
        to={hrefOf(target)}
        aria-label={label}
        className={clsx(cell, 'text-slate-600 hover:bg-white hover:text-violet-700 hover:shadow-sm')}
      >
        <Icon aria-hidden="true" className="size-4.5" />
      </Link>
    );

  return (
    <nav aria-label={t('catalog.pagination.label')} className="flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>{arrow(page - 1, t('catalog.pagination.previous'), ChevronLeft)}</li>
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own.
          <li key={`${item}-${index}`}>
            {item === 'gap' ? (
              <span className={clsx(cell, 'text-slate-400')}>…</span>
            ) : (
              <Link
                to={hrefOf(item)}
                aria-label={t('catalog.pagination.page', { page: item })}
                aria-current={item === page ? 'page' : undefined}
                className={clsx(
                  cell,
                  item === page
                    ? 'bg-violet-600 text-white shadow-sm shadow-violet-600/25'
                    : 'text-slate-700 hover:bg-white hover:text-violet-700 hover:shadow-sm',
                )}
              >
                {item}
              </Link>
            )}
          </li>
        ))}
        <li>{arrow(page + 1, t('catalog.pagination.next'), ChevronRight)}</li>
      </ul>
    </nav>
  );
}
