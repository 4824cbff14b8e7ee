import {
  bulkUpsertResultSchema,
  productSegmentBulkUpsertSchema,
  productSegmentExecutionSchema,
  productSegmentMappingBulkUpsertSchema,
  productSegmentMappingOrderProperties,
  productSegmentMappingSchema,
  productSegmentMappingWhereSchema,
  productSegmentSchema,
  productSegmentWhereSchema,
  recordCountSchema,
  recordListSchema,
  recordQuerySchema,
} from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OperatorGuard } from '../../platform/http/operator.ts';
import { readRecordFilter, readRecordWhere } from '../../platform/http/record-filter.ts';
import type { ProductSegmentsService } from './product-segments.service.ts';

/**
 * Product segments and their mappings (SPEC §7.6, §7.7): an operator's calls, each needing the
 * operator token. /productSegments: list, bulkUpsert, {id}/execute. /productSegmentMappings: list,
 * count, bulkUpsert.
 */
export async function productSegmentRoutes(
  app: FastifyInstance,
  options: { segments: ProductSegmentsService; requireOperator: OperatorGuard },
): Promise<void> {
  const { segments, requireOperator } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (request) => requireOperator(request));

  api.get(
    '/productSegments',
    { schema: { querystring: recordQuerySchema, response: { 200: recordListSchema(productSegmentSchema) } } },
    (request) =>
      segments.list(
        readRecordFilter(request.query.filter, { where: productSegmentWhereSchema, orderProperties: [] }),
      ),
  );
  api.post(
    '/productSegments/bulkUpsert',
    { schema: { body: productSegmentBulkUpsertSchema, response: { 200: bulkUpsertResultSchema } } },
    (request) => segments.upsert(request.body.items),
  );
  api.post(
    '/productSegments/:id/execute',
    {
      schema: {
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 200: productSegmentExecutionSchema },
      },
    },
    (request) => segments.execute(request.params.id),
  );

  const mappings = {
    where: productSegmentMappingWhereSchema,
    orderProperties: productSegmentMappingOrderProperties,
  };
  api.get(
    '/productSegmentMappings',
    {
      schema: {
        querystring: recordQuerySchema,
        response: { 200: recordListSchema(productSegmentMappingSchema) },
      },
    },
    (request) => segments.mappings(readRecordFilter(request.query.filter, mappings)),
  );
  api.get(
    '/productSegmentMappings/count',
    { schema: { querystring: recordQuerySchema, response: { 200: recordCountSchema } } },
    async (request) => ({
      count: await segments.countMappings(
        readRecordWhere(request.query.where, productSegmentMappingWhereSchema),
      ),
    }),
  );
  api.post(
    '/productSegmentMappings/bulkUpsert',
    { schema: { body: productSegmentMappingBulkUpsertSchema, response: { 200: bulkUpsertResultSchema } } },
    (request) => segments.addMappings(request.body.items),
  );
}
