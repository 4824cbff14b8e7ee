import { useQuery } from '@tanstack/react-query';
import { catalogApi, catalogQueryKeys } from '../../shared/catalog/catalog-api.ts';

/** The groups tree, fetched once and shared by every list screen. */
export function useProductGroups() {
  return useQuery({ queryKey: catalogQueryKeys.groups, queryFn: ({ signal }) => catalogApi.groups(signal) });
}

/** The features offers are filtered by, with their values. */
export function useProductFeatures() {
  return useQuery({
    queryKey: catalogQueryKeys.features,
    queryFn: ({ signal }) => catalogApi.features(signal),
  });
}
