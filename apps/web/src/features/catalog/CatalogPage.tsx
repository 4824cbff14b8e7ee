import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { catalogApi, catalogQueryKeys } from '../../shared/catalog/catalog-api.ts';
import { EmptyState, ReadError } from '../../shared/list/ListStates.tsx';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { useStoreInfo } from '../../shared/store-info/store-info-context.tsx';
import { Button, ButtonLink } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/container.tsx';
import { PageHeading } from '../../shared/ui/page-heading.tsx';
import { FiltersCard } from './Filters.tsx';
import { ListLayout } from './ListLayout.tsx';
import { type CatalogQuery, isNarrowed, tradeOfferListRequest } from './list-request.ts';
import { ProductList } from './ProductList.tsx';
import { useProductFeatures, useRouteGroup } from './use-catalog-data.ts';
import { type ListQueryState, useListQuery } from './use-list-query.ts';
import { useOfferPages } from './use-offer-pages.ts';

/**
 * The catalogue (`/{lang}/products/catalog[/{group}[/{slug}]]`): the groups tree, filters by
 * feature values and price, and the trade offers of the group (its subgroups' included), searched,
 * sorted and paged as the URL says (SPEC §2.2).
 */
export function CatalogPage() {
  const { t, i18n } = useTranslation();
  const to = useLocalizedPath();
  const { group: groupParam } = useParams();
  const listQuery = useListQuery();
  const { group } = useRouteGroup(groupParam);
  const description = group && (group.description[i18n.language] || '');

  return (
    <div className="bg-slate-50/70">
      <Container className="py-10 sm:py-14">
        <PageHeading
          title={group?.name ?? t('catalog.title')}
          subtitle={group ? description : t('catalog.subtitle')}
        />
        {listQuery.result.ok ? (
          <CatalogScreen query={listQuery.result.query} listQuery={listQuery} groupParam={groupParam} />
        ) : (
          <ReadError error={listQuery.result.error} backTo={to(paths.catalog)} />
        )}
      </Container>
    </div>
  );
}

function CatalogScreen({
  query,
  listQuery,
  groupParam,
}: {
  query: CatalogQuery;
  listQuery: ListQueryState;
  groupParam: string | undefined;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { currency } = useStoreInfo();
  const { groups, group } = useRouteGroup(groupParam);
  const features = useProductFeatures();
  const request = (page: number) =>
    tradeOfferListRequest({ query, page, groupId: groupParam, currency: currency.characterCode });
  const pages = useOfferPages({
    query,
    groupId: groupParam,
    queryKey: (page) => catalogQueryKeys.list(request(page)),
    fetchPage: (page, signal) => catalogApi.list(request(page), signal),
  });
  const narrowed = isNarrowed(query);
  const reset = () => listQuery.update({ search: undefined, filter: {}, price: {} });

  return (
    <ListLayout
      query={query}
      listQuery={listQuery}
      groups={groups}
      group={group}
      basePath={paths.catalog}
      sidebar={
        features.data && (
          <FiltersCard
            features={features.data}
            filter={query.filter}
            price={query.price}
            currencySymbol={currency.symbol}
            onChange={listQuery.update}
          />
        )
      }
    >
      <ProductList
        query={query}
        listQuery={listQuery}
        pages={pages}
        empty={
          narrowed ? (
            <EmptyState
              title={t('catalog.empty.narrowedTitle')}
              text={t('catalog.empty.narrowedText')}
              action={
                <Button variant="secondary" onClick={reset}>
                  {t('catalog.empty.reset')}
                </Button>
              }
            />
          ) : (
            <EmptyState
              title={t('catalog.empty.title')}
              text={t('catalog.empty.text')}
              action={
                group && (
                  <ButtonLink to={to(paths.catalog)} variant="secondary">
                    {t('catalog.groups.all')}
                  </ButtonLink>
                )
              }
            />
          )
        }
      />
    </ListLayout>
  );
}
