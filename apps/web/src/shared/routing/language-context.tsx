import { createContext, type ReactNode, useCallback, useContext } from 'react';
import { defaultLanguage, type Language } from '../i18n/languages.ts';
import { localizedPath } from './paths.ts';

const LanguageContext = createContext<Language>(defaultLanguage);

/** Provides the language of the current address (set by the language guard). */
export function LanguageProvider({ language, children }: { language: Language; children: ReactNode }) {
  return <LanguageContext value={language}>{children}</LanguageContext>;
}

export function useLanguage(): Language {
  return useContext(LanguageContext);
}

/** A function that puts a path under the current language: '/pricing' → '/ru/pricing'. */
export function useLocalizedPath(): (path: string) => string {
  const language = useLanguage();
  return useCallback((path: string) => localizedPath(language, path), [language]);
}
