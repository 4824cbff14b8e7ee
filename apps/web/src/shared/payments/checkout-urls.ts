import type { Language } from '../i18n/languages.ts';
import { localizedPath, paths } from '../routing/paths.ts';

/**
 * The query naming a personal-account top-up on the way back from the provider: the validate page
 * passes it on, and the result pages lead back to the personal account.
 */
export const topUpQuery = { name: 'from', value: 'personal-account' } as const;

/** Whether an address's query says it is the return of a top-up. */
export const isTopUpReturn = (query: URLSearchParams) => query.get(topUpQuery.name) === topUpQuery.value;

/**
 * Where the payment provider sends the buyer back (SPEC §4): the validate page of the chosen
 * payment option when the payment went through or was declined after it started, the failure page
 * when it was given up; each told that it was a top-up of the personal account, when it was one.
 */
export function checkoutCallbackUrls(options: {
  origin: string;
  language: Language;
  paymentOptionId: string;
  topUp?: boolean;
}) {
  const { origin, language, paymentOptionId, topUp } = options;
  const failure = localizedPath(language, paths.checkoutFailure);
  const validate = localizedPath(
    language,
    `/shopping-cart/checkout/${encodeURIComponent(paymentOptionId)}/validate`,
  );
  const marker = topUp ? `?${topUpQuery.name}=${topUpQuery.value}` : '';
  return {
    resolveCallbackUrl: `${origin}${validate}${marker}`,
    rejectCallbackUrl: `${origin}${failure}${marker}`,
  };
}
