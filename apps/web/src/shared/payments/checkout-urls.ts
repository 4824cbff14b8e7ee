import type { Language } from '../i18n/languages.ts';
import { localizedPath, paths } from '../routing/paths.ts';

/** The failure page's query naming a personal-account top-up: it leads back to that page. */
export const topUpQuery = { name: 'from', value: 'personal-account' } as const;

/**
 * Where the payment provider sends the buyer back (SPEC §4): the validate page of the chosen
 * payment option when the payment went through, the failure page when it was rejected (told that
 * it was a top-up of the personal account, when it was one).
 */
export function checkoutCallbackUrls(options: {
  origin: string;
  language: Language;
  paymentOptionId: string;
  topUp?: boolean;
}) {
  const { origin, language, paymentOptionId, topUp } = options;
  const failure = localizedPath(language, paths.checkoutFailure);
  return {
    resolveCallbackUrl: `${origin}${localizedPath(
      language,
      `/shopping-cart/checkout/${encodeURIComponent(paymentOptionId)}/validate`,
    )}`,
    rejectCallbackUrl: `${origin}${failure}${topUp ? `?${topUpQuery.name}=${topUpQuery.value}` : ''}`,
  };
}
