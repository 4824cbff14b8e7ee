import {
  listLimits,
  type ProductSegment,
  type ProductSegmentMapping,
  type ProductSegmentRule,
} from '@cutout/contracts';
import type { Transactor } from '../../platform/db/transactions.ts';
import { DomainError } from '../../platform/errors.ts';
import type { RecordFilter } from '../../platform/http/record-filter.ts';
import type { CatalogRepo } from './catalog.repo.ts';
import { conditionsFrom } from './catalog.service.ts';
import type { ProductSegmentRow, ProductSegmentsRepo } from './product-segments.repo.ts';

const present = (row: ProductSegmentRow): ProductSegment => ({
  id: row.id,
  name: row.name,
  rule: row.rule as ProductSegmentRule,
  executedAt: row.executedAt?.toISOString() ?? null,
});

/**
 * Product segments (SPEC §7.6): named rules over the catalogue, executed into the products they
 * hold, or given their products by hand. An operator's calls: the routes guard them.
 */
export function createProductSegmentsService(deps: {
  repo: ProductSegmentsRepo;
  catalog: Pick<CatalogRepo, 'listGroups' | 'productIdsMatching'>;
  transactor: Pick<Transactor, 'run'>;
  now: () => Date;
}) {
  const { repo } = deps;

  return {
    async upsert(items: Array<{ id: string; name: Record<string, string>; rule: ProductSegmentRule }>) {
      await repo.upsertSegments(items, deps.now());
      return { count: items.length };
    },

    async list(filter: RecordFilter<{ id?: string }>) {
      const { rows, total } = await repo.listSegments({
        id: filter.where.id,
        skip: filter.skip ?? 0,
        limit: filter.limit ?? listLimits.defaultPageSize,
      });
      return { output: rows.map(present), outputInfo: { count: rows.length }, totalCount: total };
    },

    /** Evaluates the segment's rule and makes it hold exactly the products that match now. */
    async execute(segmentId: string) {
      const segment = await repo.findSegment(segmentId);
      if (!segment) throw new DomainError('NOT_FOUND');
      const rule = segment.rule as ProductSegmentRule;
      // The rule narrows as the catalogue's list does; groups only it names that do not exist match nothing.
      const conditions = conditionsFrom(
        {
          ...rule,
          priceFrom: rule.price?.from,
          priceTo: rule.price?.to,
        },
        rule.groupIds ? await deps.catalog.listGroups() : [],
      );
      const productIds = conditions
        ? await deps.catalog.productIdsMatching({
            where: conditions,
            currencyId: rule.price?.currencyId ?? '',
          })
        : [];
      const now = deps.now();
      await deps.transactor.run(() => repo.replaceMappings(segmentId, productIds, now));
      return { segmentId, count: productIds.length, executedAt: now.toISOString() };
    },

    /** Puts products into segments by hand; an unknown segment or product is a VALIDATION_ERROR naming it. */
    async addMappings(items: Array<{ segmentId: string; productId: string }>) {
      const segmentIds = [...new Set(items.map((item) => item.segmentId))];
      const productIds = [...new Set(items.map((item) => item.productId))];
      const found = await repo.existing({ segmentIds, productIds });
      const issues = [
        ...segmentIds
          .filter((id) => !found.segmentIds.has(id))
          .map((id) => ({ path: 'segmentId', message: `no segment ${id}` })),
        ...productIds
          .filter((id) => !found.productIds.has(id))
          .map((id) => ({ path: 'productId', message: `no product ${id}` })),
      ];
      if (issues.length > 0) throw new DomainError('VALIDATION_ERROR', { details: { issues } });
      await repo.addMappings(items, deps.now());
      return { count: items.length };
    },

    async mappings(filter: RecordFilter<{ segmentId?: string; productId?: string }>) {
      const [order] = filter.order;
      const { rows, total } = await repo.listMappings({
        where: filter.where,
        order: order
          ? { property: order.property as 'createdAt' | 'productId', direction: order.direction }
          : null,
        skip: filter.skip ?? 0,
        limit: filter.limit ?? listLimits.defaultPageSize,
      });
      const output: ProductSegmentMapping[] = rows.map((row) => ({
        segmentId: row.segmentId,
        productId: row.productId,
        createdAt: row.createdAt.toISOString(),
      }));
      return { output, outputInfo: { count: output.length }, totalCount: total };
    },

    countMappings: (where: { segmentId?: string; productId?: string }) => repo.countMappings(where),
  };
}

export type ProductSegmentsService = ReturnType<typeof createProductSegmentsService>;
