import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLanguage } from '../../shared/routing/language-context.tsx';
import { switchLanguageInPath } from '../../shared/routing/paths.ts';
import { languageOfLocale, usePreferences } from '../../shared/store-info/preferences.ts';
import { useStoreInfo } from '../../shared/store-info/store-info-context.tsx';
import { SelectField } from '../../shared/ui/form.tsx';
import { Card } from './Card.tsx';

/**
 * Language and currency. The language is part of the address, so choosing one moves to the same
 * page in it (the language guard then tells the server); the currency goes through the
 * preferences hook, which tells the server for a signed-in user (SPEC §4).
 */
export function PreferencesCard() {
  const { t } = useTranslation();
  const info = useStoreInfo();
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const { changeCurrency } = usePreferences();
  const currentLocale = info.locales.find((locale) => languageOfLocale(locale) === language) ?? info.locale;

  function changeLanguage(localeId: string) {
    const locale = info.locales.find((candidate) => candidate.id === localeId);
    if (!locale) return;
    navigate(switchLanguageInPath(location, languageOfLocale(locale)), { preventScrollReset: true });
  }

  return (
    <Card title={t('profile.preferences.title')} description={t('profile.preferences.text')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('profile.preferences.language')}
          value={currentLocale.id}
          onChange={changeLanguage}
          disabled={info.locales.length < 2}
          options={info.locales.map((locale) => ({ value: locale.id, label: locale.name }))}
        />
        <SelectField
          label={t('profile.preferences.currency')}
          value={info.currency.id}
          onChange={(currencyId) => void changeCurrency(currencyId)}
          disabled={info.currencies.length < 2}
          options={info.currencies.map((currency) => ({
            value: currency.id,
            label: `${currency.displayName} (${currency.symbol})`,
          }))}
        />
      </div>
    </Card>
  );
}
