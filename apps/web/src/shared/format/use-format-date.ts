import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from './date.ts';

/** Formats a date and time in the page's language. */
export function useFormatDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useCallback((iso: string) => formatDateTime(iso, i18n.language), [i18n.language]);
}

/** Formats a date (no time) in the page's language. */
export function useFormatDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useCallback((iso: string) => formatDate(iso, i18n.language), [i18n.language]);
}
