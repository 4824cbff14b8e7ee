import { useLocation } from 'react-router';
import { type Language, languageFromPath, preferredLanguage } from '../../shared/i18n/languages.ts';

/** The language of an error screen: the address's, else the visitor's preferred one. */
export function useErrorLanguage(): Language {
  const { pathname } = useLocation();
  return languageFromPath(pathname) ?? preferredLanguage();
}
