import {
  currentSubscriptionSchema,
  type LitreSummary,
  litreSummarySchema,
  type Subscription,
  subscriptionSchema,
} from '@cutout/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/api-error.ts';
import { apiRequest } from '../../shared/api/client.ts';
import { useFormatDate } from '../../shared/format/use-format-date.ts';
import { useLanguage } from '../../shared/routing/language-context.tsx';
import { useSession } from '../../shared/session/session.ts';
import { useToast } from '../../shared/ui/toast-context.tsx';

export type { LitreSummary, Subscription };

const subscriptionPath = (id: string, action: 'cancel' | 'resume') =>
  `/subscriptions/${encodeURIComponent(id)}/${action}`;

/** The signed-in user's subscription and litres (issue 15): what the account page shows. */
export const subscriptionApi = {
  current: (signal?: AbortSignal) =>
    apiRequest('/subscriptions/fetchCurrentSubscription', {
      method: 'POST',
      body: {},
      signal,
      parse: (data) => currentSubscriptionSchema.parse(data).subscription,
    }),

  /** Stops the renewal: it runs to the end of the paid term. Answers the subscription. */
  cancel: (id: string) =>
    apiRequest(subscriptionPath(id, 'cancel'), {
      method: 'POST',
      body: {},
      parse: (data) => subscriptionSchema.parse(data),
    }),

  /** Takes a cancellation back. Answers the subscription. */
  resume: (id: string) =>
    apiRequest(subscriptionPath(id, 'resume'), {
      method: 'POST',
      body: {},
      parse: (data) => subscriptionSchema.parse(data),
    }),

  litres: (signal?: AbortSignal) =>
    apiRequest('/litres/fetchLitreSummary', {
      method: 'POST',
      body: {},
      signal,
      parse: (data) => litreSummarySchema.parse(data),
    }),
};

/** React Query keys, per user and language (the plan names come translated). */
export const subscriptionQueryKeys = {
  all: ['account', 'plans'] as const,
  current: (viewer: { userId: string | null; language: string }) =>
    ['account', 'plans', 'subscription', viewer] as const,
  litres: (viewer: { userId: string | null; language: string }) =>
    ['account', 'plans', 'litres', viewer] as const,
};

function useViewer() {
  const { userId } = useSession();
  const language = useLanguage();
  return { userId, language };
}

/** The live subscription (active or cancelled), or null. */
export function useCurrentSubscription() {
  const viewer = useViewer();
  return useQuery({
    queryKey: subscriptionQueryKeys.current(viewer),
    queryFn: ({ signal }) => subscriptionApi.current(signal),
  });
}

/** The litres that count now, by where they came from. */
export function useLitreSummary() {
  const viewer = useViewer();
  return useQuery({
    queryKey: subscriptionQueryKeys.litres(viewer),
    queryFn: ({ signal }) => subscriptionApi.litres(signal),
  });
}

/**
 * Cancel or resume: the answer replaces the cached subscription, a toast says what happened (or
 * the server's message), and the pricing page's copy of the subscription is refetched.
 */
export function useSubscriptionAction(action: 'cancel' | 'resume', onDone?: () => void) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const formatDate = useFormatDate();
  return useMutation({
    mutationFn: (id: string) => subscriptionApi[action](id),
    onSuccess: async (subscription) => {
      queryClient.setQueryData(subscriptionQueryKeys.current(viewer), subscription);
      const date = subscription.expiresAt ? formatDate(subscription.expiresAt) : '';
      toast.success(t(`accountPlans.subscription.${action}.done`, { date }));
      onDone?.();
      await queryClient.invalidateQueries({ queryKey: ['pricing'] });
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
}
