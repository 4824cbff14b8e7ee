import { Check } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link, useLocation } from 'react-router';
import { useLanguage } from '../../shared/routing/language-context.tsx';
import { switchLanguageInPath } from '../../shared/routing/paths.ts';
import { languageOfLocale, usePreferences } from '../../shared/store-info/preferences.ts';
import { useStoreInfo } from '../../shared/store-info/store-info-context.tsx';
import { menuItemClasses } from '../../shared/ui/menu.ts';

/**
 * The locales as a radio group of menu items, the current one checked. Choosing one is navigation
 * (the same address in another language), so each is a link; the language guard then switches the
 * locale.
 */
export function LanguageItems() {
  const info = useStoreInfo();
  const language = useLanguage();
  const location = useLocation();
  return (
    <DropdownMenu.RadioGroup value={language}>
      {info.locales.map((locale) => {
        const target = languageOfLocale(locale);
        return (
          <DropdownMenu.RadioItem
            key={locale.id}
            value={target}
            asChild
            className={`${menuItemClasses} justify-between`}
          >
            {/* The page's navigation state goes along: where a form leads back to, a window's notice. */}
            <Link to={switchLanguageInPath(location, target)} state={location.state} lang={locale.language}>
              {locale.name}
              <DropdownMenu.ItemIndicator>
                <Check aria-hidden="true" className="size-4 text-violet-600" />
              </DropdownMenu.ItemIndicator>
            </Link>
          </DropdownMenu.RadioItem>
        );
      })}
    </DropdownMenu.RadioGroup>
  );
}

/** The currencies as a radio group of menu items. */
export function CurrencyItems() {
  const info = useStoreInfo();
  const { changeCurrency } = usePreferences();
  return (
    <DropdownMenu.RadioGroup value={info.currency.id} onValueChange={(id) => void changeCurrency(id)}>
      {info.currencies.map((currency) => (
        <DropdownMenu.RadioItem
          key={currency.id}
          value={currency.id}
          className={`${menuItemClasses} justify-between`}
        >
          <span className="flex items-center gap-2.5">
            <span className="inline-flex w-5 justify-center font-semibold text-slate-500">
              {currency.symbol}
            </span>
            {currency.displayName}
          </span>
          <DropdownMenu.ItemIndicator>
            <Check aria-hidden="true" className="size-4 text-violet-600" />
          </DropdownMenu.ItemIndicator>
        </DropdownMenu.RadioItem>
      ))}
    </DropdownMenu.RadioGroup>
  );
}

/** The label of the current locale, for triggers and headings. */
export function useCurrentLocaleName(): string {
  const info = useStoreInfo();
  const language = useLanguage();
  return info.locales.find((locale) => languageOfLocale(locale) === language)?.name ?? info.locale.name;
}
