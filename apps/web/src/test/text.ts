import { formatDate } from '../shared/format/date.ts';

/**
 * Text as Testing Library's default normaliser reads the page: no-break spaces (Intl's in amounts,
 * ours in dates, which must not wrap) as plain ones. Expected strings are written that way.
 */
export const asRead = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** A date as the page shows it, as the matchers read it. */
export const dateAsRead = (iso: string, language = 'en') => asRead(formatDate(iso, language));
