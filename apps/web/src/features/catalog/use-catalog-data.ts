import { useQuery } from '@tanstack/react-query';
import { catalogApi, catalogQueryKeys } from '../../shared/catalog/catalog-api.ts';
import { NotFoundError } from '../../shared/routing/not-found.ts';
import { findGroup } from './groups.ts';

/**
 * The groups tree (fetched once and shared by every list screen) and the group a list's address
 * names (`:group`, by id or slug), once the groups are known. An address
 * naming a group that does not exist is no page (SPEC §2.2): it throws NotFoundError when the groups
 * read are all there are, and is shown as an empty list otherwise.
 */
export function useRouteGroup(idOrSlug: string | undefined) {
  const groups = useQuery({
    queryKey: catalogQueryKeys.groups,
    queryFn: ({ signal }) => catalogApi.groups(signal),
  });
  const group = findGroup(groups.data?.list, idOrSlug);
  if (idOrSlug && groups.data?.complete && !group) throw new NotFoundError();
  return { groups: groups.data?.list, group };
}

/** The features offers are filtered by, with their values. */
export function useProductFeatures() {
  return useQuery({
    queryKey: catalogQueryKeys.features,
    queryFn: ({ signal }) => catalogApi.features(signal),
  });
}
