import {
  productFeatureListSchema,
  productFeatureOrderProperties,
  productFeatureSchema,
  productFeatureWhereSchema,
  productGroupListSchema,
  productGroupOrderProperties,
  productGroupSchema,
  productGroupWhereSchema,
  productListSchema,
  productOrderProperties,
  productSchema,
  productWhereSchema,
  recordCountSchema,
  recordQuerySchema,
} from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readRecordFilter, readRecordWhere } from '../../platform/http/record-filter.ts';
import type { CatalogRecordsService } from './catalog-records.service.ts';

const idParams = z.object({ id: z.string().min(1).max(200) });

/**
 * The generic record controllers of SPEC §7.7 for the catalogue, read-only: GET {base} with a JSON
 * `filter`, GET {base}/count with a JSON `where`, GET {base}/{id} — for /products, /productGroups
 * and /productFeatures. A filter that is not JSON or names what a record lacks is a 400.
 */
export async function catalogRecordRoutes(
  app: FastifyInstance,
  options: { records: CatalogRecordsService },
): Promise<void> {
  const { records } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const query = { querystring: recordQuerySchema };
  const count = { 200: recordCountSchema };

  const products = { where: productWhereSchema, orderProperties: productOrderProperties };
  api.get('/products', { schema: { ...query, response: { 200: productListSchema } } }, (request) =>
    records.products(readRecordFilter(request.query.filter, products), request.store.language),
  );
  api.get('/products/count', { schema: { ...query, response: count } }, async (request) => ({
    count: await records.countProducts(readRecordWhere(request.query.where, productWhereSchema)),
  }));
  api.get('/products/:id', { schema: { params: idParams, response: { 200: productSchema } } }, (request) =>
    records.product(request.params.id, request.store.language),
  );

  const groups = { where: productGroupWhereSchema, orderProperties: productGroupOrderProperties };
  api.get('/productGroups', { schema: { ...query, response: { 200: productGroupListSchema } } }, (request) =>
    records.groups(readRecordFilter(request.query.filter, groups), request.store.language),
  );
  api.get('/productGroups/count', { schema: { ...query, response: count } }, async (request) => ({
    count: await records.countGroups(readRecordWhere(request.query.where, productGroupWhereSchema)),
  }));
  api.get(
    '/productGroups/:id',
    { schema: { params: idParams, response: { 200: productGroupSchema } } },
    (request) => records.group(request.params.id, request.store.language),
  );

  const features = { where: productFeatureWhereSchema, orderProperties: productFeatureOrderProperties };
  api.get(
    '/productFeatures',
    { schema: { ...query, response: { 200: productFeatureListSchema } } },
    (request) => records.features(readRecordFilter(request.query.filter, features), request.store.language),
  );
  api.get('/productFeatures/count', { schema: { ...query, response: count } }, async (request) => ({
    count: await records.countFeatures(readRecordWhere(request.query.where, productFeatureWhereSchema)),
  }));
  api.get(
    '/productFeatures/:id',
    { schema: { params: idParams, response: { 200: productFeatureSchema } } },
    (request) => records.feature(request.params.id, request.store.language),
  );
}
