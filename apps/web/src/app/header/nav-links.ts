import type { Language } from '../../shared/i18n/languages.ts';
import { paths } from '../../shared/routing/paths.ts';

export interface NavLinkItem {
  /** Translation key of the label. */
  labelKey: string;
  path: string;
}

/** The integrations menu: the 1C extension is for the Russian-language audience only (SPEC §2.4). */
export function integrationLinks(language: Language): NavLinkItem[] {
  return [
    ...(language === 'ru' ? [{ labelKey: 'nav.integration1c', path: paths.integration1c }] : []),
    { labelKey: 'nav.integrationApi', path: paths.integrationApi },
    { labelKey: 'nav.integrationOrder', path: paths.integrationOrder },
  ];
}
