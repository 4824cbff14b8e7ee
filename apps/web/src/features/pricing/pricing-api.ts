import {
  type AvailableSubscriptionPlans,
  availableSubscriptionPlansSchema,
  type ChangePlanRequest,
  type PlanOption,
  type PlanPeriodItem,
  type PlanProductItem,
  type Subscription,
  subscriptionSchema,
} from '@cutout/contracts';
import { apiRequest } from '../../shared/api/client.ts';

export type { AvailableSubscriptionPlans, PlanOption, PlanPeriodItem, PlanProductItem, Subscription };

/** The subscription calls of SPEC §7.4: the plans in the session's currency, and a plan change. */
export const pricingApi = {
  plans: (signal?: AbortSignal) =>
    apiRequest('/subscriptionPlans/fetchAvailableSubscriptionPlans', {
      method: 'POST',
      body: {},
      signal,
      parse: (data) => availableSubscriptionPlansSchema.parse(data),
    }),

  /** A smaller plan or another period, from the subscription's next term; answers the subscription. */
  changePlan: (subscriptionId: string, request: ChangePlanRequest) =>
    apiRequest(`/subscriptions/${encodeURIComponent(subscriptionId)}/changePlan`, {
      method: 'POST',
      body: request,
      parse: (data) => subscriptionSchema.parse(data),
    }),
};

/** React Query keys: the plans of one viewer (their subscription), priced in one currency and language. */
export const pricingQueryKeys = {
  all: ['pricing'] as const,
  plans: (viewer: { userId: string | null; currency: string; language: string }) =>
    ['pricing', 'plans', viewer] as const,
};
