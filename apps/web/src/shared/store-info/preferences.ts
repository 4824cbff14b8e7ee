import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/api-error.ts';
import { apiRequest } from '../api/client.ts';
import { i18n } from '../i18n/i18n.ts';
import { isLanguage, type Language } from '../i18n/languages.ts';
import { getSession, isAuthorised, updateSession } from '../session/session.ts';
import { useToast } from '../ui/toast-context.tsx';

/** The UI language of a locale: its language, with ru as the fallback of SPEC §4. */
export function languageOfLocale(locale: { language?: string } | string): Language {
  const language = typeof locale === 'string' ? locale : locale.language;
  return isLanguage(language) ? language : 'ru';
}

/**
 * Locale and currency changes (SPEC §4), the single place they happen: an authorised user's
 * choice is also sent to the server; otherwise only the local values are stored. Store info is
 * keyed by both, so it reloads by itself.
 */
export function usePreferences() {
  const toast = useToast();
  const { t } = useTranslation();

  const tellServer = useCallback(
    async (path: string, body: Record<string, string>) => {
      if (!isAuthorised()) return;
      try {
        await apiRequest(path, { method: 'POST', body });
      } catch (error) {
        toast.error(errorMessage(error, t));
      }
    },
    [toast, t],
  );

  const changeLocale = useCallback(
    async (localeId: string, language: Language = languageOfLocale(localeId)) => {
      if (getSession().localeId !== localeId) {
        updateSession({ localeId });
        await tellServer('/users/changeLocale', { localeId });
      }
      if (i18n.language !== language) await i18n.changeLanguage(language);
    },
    [tellServer],
  );

  const changeCurrency = useCallback(
    async (currencyId: string) => {
      if (getSession().currencyId === currencyId) return;
      updateSession({ currencyId });
      await tellServer('/users/changeCurrency', { currencyId });
    },
    [tellServer],
  );

  /**
   * Tells the server the language in use where the account remembers another (chosen on another
   * device): the mail it sends follows the language the user reads the site in. Quiet: nothing the
   * user asked for fails if it does.
   */
  const rememberLocale = useCallback(async (localeId: string) => {
    if (!isAuthorised()) return;
    await apiRequest('/users/changeLocale', { method: 'POST', body: { localeId } }).catch(() => undefined);
  }, []);

  return { changeLocale, changeCurrency, rememberLocale };
}
