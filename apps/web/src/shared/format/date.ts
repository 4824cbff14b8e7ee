/** A date and time in the page's language ('12 Mar 2026, 14:05' / '12 мар. 2026 г., 14:05'). */
export function formatDateTime(value: string | Date, locale: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A date's spaces made non-breaking: '7 янв. 2027 г.' never wraps in the middle of a sentence. */
const unbroken = (text: string) => text.replace(/ /g, '\u00a0');

/** A calendar day (YYYY-MM-DD) in the page's language, the same day in every time zone ('6 Dec 2026'). */
export function formatDay(day: string, locale: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '—';
  return unbroken(new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date));
}

/** A date in the page's language ('12 Mar 2026' / '12 мар. 2026 г.'), on one line. */
export function formatDate(value: string | Date, locale: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '—';
  return unbroken(new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date));
}
