import {
  apiKeyListSchema,
  issueApiKeyRequestSchema,
  issuedApiKeySchema,
  resultSchema,
  revokeApiKeyRequestSchema,
  updateApiKeyRequestSchema,
} from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../platform/errors.ts';
import { requireUser, signedIn } from '../users/users.routes.ts';
import type { ApiKeyService } from './api-keys.service.ts';

/** API key management (SPEC §7.2) under /api/stores/actions/{id}: the signed-in user's own keys only. */
export async function apiKeysRoutes(
  app: FastifyInstance,
  options: { apiKeys: ApiKeyService; actionId: string },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ actionId: z.string() });
  app.addHook('preHandler', async (request) => {
    const { actionId } = request.params as { actionId?: string };
    if (actionId !== options.actionId) throw new DomainError('NOT_FOUND');
  });

  api.post(
    '/:actionId/fetchTokenList',
    { ...signedIn, schema: { params, response: { 200: apiKeyListSchema } } },
    async (request) => ({
      tokens: await options.apiKeys.list(requireUser(request).id),
    }),
  );

  api.post(
    '/:actionId/issueToken',
    {
      ...signedIn,
      schema: { params, body: issueApiKeyRequestSchema, response: { 200: issuedApiKeySchema } },
    },
    (request) => options.apiKeys.issue(requireUser(request).id, request.body.label),
  );

  api.post(
    '/:actionId/updateToken',
    {
      ...signedIn,
      schema: {
        params,
        body: updateApiKeyRequestSchema,
        response: { 200: z.object({ token: issuedApiKeySchema.shape.token }) },
      },
    },
    async (request) => ({
      token: await options.apiKeys.rename(requireUser(request).id, request.body.id, request.body.label),
    }),
  );

  api.post(
    '/:actionId/revokeToken',
    { ...signedIn, schema: { params, body: revokeApiKeyRequestSchema, response: { 200: resultSchema } } },
    async (request) => {
      await options.apiKeys.revoke(requireUser(request).id, request.body.id);
      return { result: true };
    },
  );
}
