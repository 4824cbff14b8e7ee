import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { messages } from '../../locales/index.ts';
import { defaultLanguage, type Language } from './languages.ts';

export const resources = {
  en: { translation: messages.en },
  ru: { translation: messages.ru },
} as const;

/** Initialises the shared i18next instance once; later calls only switch the language. */
export function initI18n(language: Language = defaultLanguage): I18n {
  if (i18next.isInitialized) {
    if (i18next.language !== language) void i18next.changeLanguage(language);
    return i18next;
  }
  void i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: defaultLanguage,
    supportedLngs: ['en', 'ru'],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return i18next;
}

export { i18next as i18n };
