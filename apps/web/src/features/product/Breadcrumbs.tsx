import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { catalogApi, catalogQueryKeys } from '../../shared/catalog/catalog-api.ts';
import { useLanguage, useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { localizedText } from './product-offer.ts';

/** Catalogue → the product's group (once the groups are known) → the product. */
export function Breadcrumbs({ groupId, name }: { groupId: string | null; name: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const to = useLocalizedPath();
  const groups = useQuery({
    queryKey: catalogQueryKeys.groups,
    queryFn: ({ signal }) => catalogApi.groups(signal),
    enabled: groupId !== null,
  });
  const group = groups.data?.list.find((candidate) => candidate.id === groupId);
  const links = [
    { to: to(paths.catalog), label: t('product.catalog') },
    ...(group
      ? [
          {
            to: to(`${paths.catalog}/${encodeURIComponent(group.id)}`),
            label: localizedText(group.displayName, language) || group.name,
          },
        ]
      : []),
  ];

  return (
    <nav aria-label={t('product.breadcrumbs')}>
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-slate-500">
        {links.map((link) => (
          <Fragment key={link.to}>
            <li>
              <Link to={link.to} className="font-medium transition hover:text-violet-700">
                {link.label}
              </Link>
            </li>
            <li aria-hidden="true">
              <ChevronRight className="size-4 text-slate-300" />
            </li>
          </Fragment>
        ))}
        <li aria-current="page" className="max-w-full truncate font-medium text-slate-800">
          {name}
        </li>
      </ol>
    </nav>
  );
}
