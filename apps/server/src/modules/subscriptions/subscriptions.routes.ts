import {
  availableSubscriptionPlansSchema,
  changePlanRequestSchema,
  currentSubscriptionSchema,
  type LitreSummary,
  litreSummarySchema,
  subscriptionSchema,
} from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LitreHolder } from '../ledger/litres.service.ts';
import { requireUser, signedIn } from '../users/users.routes.ts';
import { type PlansService, storedPeriod } from './plans.service.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

const emptyBody = z.object({}).passthrough().nullish();
const idParams = z.object({ id: z.string().min(1).max(100) });

/**
 * Plans (SPEC §7.4 fetchAvailableSubscriptionPlans, for anyone), the signed-in user's subscription
 * (current, cancel, resume, change plan) and their litres by source, all POST under /api/stores.
 */
export async function subscriptionsRoutes(
  app: FastifyInstance,
  options: {
    plans: PlansService;
    subscriptions: SubscriptionsService;
    litreSummary: (holder: LitreHolder) => Promise<LitreSummary>;
  },
): Promise<void> {
  const { plans, subscriptions } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/subscriptionPlans/fetchAvailableSubscriptionPlans',
    { schema: { body: emptyBody, response: { 200: availableSubscriptionPlansSchema } } },
    async (request) => {
      const { store, user } = request;
      const [subscriptionPlan, subscription] = await Promise.all([
        plans.available({ language: store.language, currency: store.currency }),
        user ? subscriptions.current(user.id, store.language) : null,
      ]);
      return { subscriptionPlan, subscription };
    },
  );
  api.post(
    '/subscriptions/fetchCurrentSubscription',
    { ...signedIn, schema: { body: emptyBody, response: { 200: currentSubscriptionSchema } } },
    async (request) => ({
      subscription: await subscriptions.current(requireUser(request).id, request.store.language),
    }),
  );
  api.post(
    '/subscriptions/:id/cancel',
    { ...signedIn, schema: { params: idParams, body: emptyBody, response: { 200: subscriptionSchema } } },
    (request) => subscriptions.cancel(requireUser(request).id, request.params.id, request.store.language),
  );
  api.post(
    '/subscriptions/:id/resume',
    { ...signedIn, schema: { params: idParams, body: emptyBody, response: { 200: subscriptionSchema } } },
    (request) => subscriptions.resume(requireUser(request).id, request.params.id, request.store.language),
  );
  api.post(
    '/subscriptions/:id/changePlan',
    {
      ...signedIn,
      schema: { params: idParams, body: changePlanRequestSchema, response: { 200: subscriptionSchema } },
    },
    (request) =>
      subscriptions.changePlan(
        requireUser(request).id,
        request.params.id,
        // The schema admits only the three period ids.
        { planId: request.body.planId, period: storedPeriod(request.body.validityPeriodId) ?? 'month' },
        request.store.language,
      ),
  );
  api.post(
    '/litres/fetchLitreSummary',
    { ...signedIn, schema: { body: emptyBody, response: { 200: litreSummarySchema } } },
    (request) => options.litreSummary(requireUser(request)),
  );
}
