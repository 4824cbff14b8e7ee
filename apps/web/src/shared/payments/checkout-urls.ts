import type { Language } from '../i18n/languages.ts';
import { localizedPath, paths } from '../routing/paths.ts';

/**
 * Where the payment provider sends the buyer back (SPEC §4): the validate page of the chosen
 * payment option when the payment went through, the failure page when it was rejected.
 */
export function checkoutCallbackUrls(options: {
  origin: string;
  language: Language;
  paymentOptionId: string;
}) {
  const { origin, language, paymentOptionId } = options;
  return {
    resolveCallbackUrl: `${origin}${localizedPath(
      language,
      `/shopping-cart/checkout/${encodeURIComponent(paymentOptionId)}/validate`,
    )}`,
    rejectCallbackUrl: `${origin}${localizedPath(language, paths.checkoutFailure)}`,
  };
}
