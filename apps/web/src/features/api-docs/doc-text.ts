import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../shared/routing/language-context.tsx';

/**
 * A text of the OpenAPI document in the page's language: in English the document's own words;
 * in another language the translation under `apiDocs.doc.<key>`, else the document's words.
 */
export function useDocText(): (key: string, documentText: string | undefined) => string {
  const { t } = useTranslation();
  const language = useLanguage();
  return useCallback(
    (key, documentText) => {
      if (language === 'en' && documentText) return documentText;
      return t(`apiDocs.doc.${key}`, { defaultValue: documentText ?? '' });
    },
    [language, t],
  );
}
