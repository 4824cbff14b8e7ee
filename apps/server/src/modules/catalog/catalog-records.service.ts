import type {
  Product,
  ProductFeature,
  ProductFeatureWhere,
  ProductGroup,
  ProductGroupWhere,
  ProductWhere,
} from '@cutout/contracts';
import { listLimits } from '@cutout/contracts';
import { DomainError } from '../../platform/errors.ts';
import type { RecordFilter } from '../../platform/http/record-filter.ts';
import type { FilesService } from '../files/files.service.ts';
import { imagesOf, localized, presentProduct } from './catalog.present.ts';
import type { CatalogRepo, ProductConditions, ProductGroupRow } from './catalog.repo.ts';
import { storedType } from './catalog.service.ts';

/** A page of records and how many match in all (SPEC §7.7). */
export interface RecordList<T> {
  output: T[];
  outputInfo: { count: number };
  totalCount: number;
}

const listOf = <T>(output: T[], totalCount: number): RecordList<T> => ({
  output,
  outputInfo: { count: output.length },
  totalCount,
});

const many = (value: string | string[] | undefined) =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value];

/** A page of a small list held whole: sorted, then skip and limit. */
function pageOf<T>(
  items: T[],
  filter: RecordFilter<unknown>,
  sortKey: (item: T, property: string) => string | number,
) {
  const sorted = [...items];
  for (const { property, direction } of [...filter.order].reverse()) {
    const sign = direction === 'desc' ? -1 : 1;
    sorted.sort((a, b) => {
      const [x, y] = [sortKey(a, property), sortKey(b, property)];
      return (
        sign * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y)))
      );
    });
  }
  const skip = filter.skip ?? 0;
  return listOf(sorted.slice(skip, skip + (filter.limit ?? listLimits.defaultPageSize)), items.length);
}

function groupMatches(group: ProductGroupRow, where: ProductGroupWhere): boolean {
  if (where.id && !many(where.id)?.includes(group.id)) return false;
  if (where.slugifyId && !many(where.slugifyId)?.includes(group.slug)) return false;
  if (where.parentId !== undefined && group.parentId !== where.parentId) return false;
  return true;
}

function productConditionsOf(where: ProductWhere): ProductConditions {
  return {
    ids: many(where.id),
    slugs: many(where.slugifyId),
    types: where.typeId === undefined ? undefined : [where.typeId].flat().map(storedType),
    groupIds: many(where.groupId),
  };
}

/**
 * The generic record controllers of SPEC §7.7 over the catalogue: products, groups and features,
 * each listed with a filter, counted with a where, and read by id.
 */
export function createCatalogRecordsService(deps: {
  repo: CatalogRepo;
  files: Pick<FilesService, 'refsOf'>;
}) {
  const { repo } = deps;

  const presentGroup = (group: ProductGroupRow, language: string): ProductGroup => ({
    id: group.id,
    slugifyId: group.slug,
    parentId: group.parentId,
    name: localized(group.name, language),
    displayName: group.name,
    description: group.description,
    priority: group.priority,
  });

  async function features(language: string): Promise<ProductFeature[]> {
    return (await repo.listFeatures()).map((feature) => ({
      id: feature.id,
      name: localized(feature.name, language),
      displayName: feature.name,
      values: feature.values.map((value) => ({
        value: value.value,
        name: localized(value.displayName, language),
        displayName: value.displayName,
      })),
    }));
  }

  async function products(
    filter: RecordFilter<ProductWhere>,
    language: string,
  ): Promise<RecordList<Product>> {
    const { rows, total } = await repo.listProducts({
      where: productConditionsOf(filter.where),
      order: filter.order as Array<{
        property: 'priority' | 'name' | 'createdAt';
        direction: 'asc' | 'desc';
      }>,
      language,
      skip: filter.skip ?? 0,
      limit: filter.limit ?? listLimits.defaultPageSize,
    });
    const images = await imagesOf(
      deps,
      rows.map((row) => row.id),
    );
    return listOf(
      rows.map((row) => presentProduct(row, images.get(row.id) ?? [], language)),
      total,
    );
  }

  /** The one record with this id (or slug), else NOT_FOUND. */
  const single = <T>(list: RecordList<T>): T => {
    const [record] = list.output;
    if (!record) throw new DomainError('NOT_FOUND');
    return record;
  };

  return {
    products,
    countProducts: (where: ProductWhere) => repo.countProducts(productConditionsOf(where)),
    async product(idOrSlug: string, language: string): Promise<Product> {
      const byId = await products({ where: { id: idOrSlug }, order: [], limit: 1 }, language);
      return single(
        byId.totalCount > 0
          ? byId
          : await products({ where: { slugifyId: idOrSlug }, order: [], limit: 1 }, language),
      );
    },

    async groups(
      filter: RecordFilter<ProductGroupWhere>,
      language: string,
    ): Promise<RecordList<ProductGroup>> {
      const groups = (await repo.listGroups()).filter((group) => groupMatches(group, filter.where));
      const page = pageOf(groups, filter, (group, property) =>
        property === 'name' ? localized(group.name, language) : group.priority,
      );
      return { ...page, output: page.output.map((group) => presentGroup(group, language)) };
    },
    async countGroups(where: ProductGroupWhere): Promise<number> {
      return (await repo.listGroups()).filter((group) => groupMatches(group, where)).length;
    },
    async group(idOrSlug: string, language: string): Promise<ProductGroup> {
      const groups = await repo.listGroups();
      const group = groups.find((row) => row.id === idOrSlug) ?? groups.find((row) => row.slug === idOrSlug);
      if (!group) throw new DomainError('NOT_FOUND');
      return presentGroup(group, language);
    },

    async features(
      filter: RecordFilter<ProductFeatureWhere>,
      language: string,
    ): Promise<RecordList<ProductFeature>> {
      const ids = many(filter.where.id);
      const found = (await features(language)).filter((feature) => !ids || ids.includes(feature.id));
      return pageOf(found, filter, (feature, property) => (property === 'name' ? feature.name : feature.id));
    },
    async countFeatures(where: ProductFeatureWhere): Promise<number> {
      const ids = many(where.id);
      return (await repo.listFeatures()).filter((feature) => !ids || ids.includes(feature.id)).length;
    },
    async feature(id: string, language: string): Promise<ProductFeature> {
      const feature = (await features(language)).find((row) => row.id === id);
      if (!feature) throw new DomainError('NOT_FOUND');
      return feature;
    },
  };
}

export type CatalogRecordsService = ReturnType<typeof createCatalogRecordsService>;
