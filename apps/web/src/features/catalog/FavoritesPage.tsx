import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { catalogApi, catalogQueryKeys } from '../../shared/catalog/catalog-api.ts';
import { EmptyState, ReadError } from '../../shared/list/ListStates.tsx';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { SignInPrompt, useEverAuthorised } from '../../shared/session/SignInPrompt.tsx';
import { useIsAuthorised } from '../../shared/session/session.ts';
import { Button, ButtonLink } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/container.tsx';
import { PageHeading } from '../../shared/ui/page-heading.tsx';
import { ListLayout } from './ListLayout.tsx';
import { type CatalogQuery, favouriteListRequest } from './list-request.ts';
import { ProductList } from './ProductList.tsx';
import { useRouteGroup } from './use-catalog-data.ts';
import { type ListQueryState, useListQuery } from './use-list-query.ts';
import { useOfferPages } from './use-offer-pages.ts';

/**
 * The signed-in user's favourites (`/{lang}/favorites/catalog[/{group}[/{slug}]]`) with the
 * catalogue's list controls; a product whose heart is taken off leaves the list. A visitor is
 * asked to log in.
 */
export function FavoritesPage() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const authorised = useIsAuthorised();
  const everAuthorised = useEverAuthorised(authorised);
  const listQuery = useListQuery();

  return (
    <div className="bg-slate-50/70">
      <Container className="py-10 sm:py-14">
        <PageHeading title={t('catalog.favourites.title')} subtitle={t('catalog.favourites.subtitle')} />
        {!authorised ? (
          <SignInPrompt openLogin={!everAuthorised} text={t('catalog.favourites.signInText')} />
        ) : listQuery.result.ok ? (
          <FavouritesScreen query={listQuery.result.query} listQuery={listQuery} />
        ) : (
          <ReadError
            error={listQuery.result.error}
            backTo={to(paths.favorites)}
            backLabel={t('catalog.favourites.title')}
          />
        )}
      </Container>
    </div>
  );
}

function FavouritesScreen({ query, listQuery }: { query: CatalogQuery; listQuery: ListQueryState }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { group: groupParam } = useParams();
  const { groups, group } = useRouteGroup(groupParam);
  const request = (page: number) => favouriteListRequest({ query, page, groupId: groupParam });
  const pages = useOfferPages({
    query,
    groupId: groupParam,
    queryKey: (page) => catalogQueryKeys.favourites(request(page)),
    fetchPage: (page, signal) => catalogApi.favourites(request(page), signal),
  });

  const nothingKept = (
    <EmptyState
      icon={Heart}
      title={t('catalog.favourites.emptyTitle')}
      text={t('catalog.favourites.emptyText')}
      action={<ButtonLink to={to(paths.catalog)}>{t('catalog.favourites.toCatalog')}</ButtonLink>}
    />
  );
  // With nothing kept at all there is nothing to sort, page or look for by group.
  const narrowed =
    Boolean(query.search || groupParam || Object.keys(query.filter).length > 0) ||
    query.price.from !== undefined ||
    query.price.to !== undefined;
  if (!narrowed && !pages.error && !pages.pending && pages.totalCount === 0) {
    return <div className="mt-8">{nothingKept}</div>;
  }

  return (
    <ListLayout query={query} listQuery={listQuery} groups={groups} group={group} basePath={paths.favorites}>
      <ProductList
        query={query}
        listQuery={listQuery}
        pages={pages}
        empty={
          query.search ? (
            <EmptyState
              title={t('catalog.empty.narrowedTitle')}
              text={t('catalog.empty.narrowedText')}
              action={
                <Button variant="secondary" onClick={() => listQuery.update({ search: undefined })}>
                  {t('catalog.search.clear')}
                </Button>
              }
            />
          ) : groupParam ? (
            <EmptyState
              icon={Heart}
              title={t('catalog.favourites.emptyGroupTitle')}
              text={t('catalog.favourites.emptyGroupText')}
              action={
                <ButtonLink variant="secondary" to={to(paths.favorites)}>
                  {t('catalog.favourites.all')}
                </ButtonLink>
              }
            />
          ) : (
            nothingKept
          )
        }
      />
    </ListLayout>
  );
}
