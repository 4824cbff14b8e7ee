import { ChevronDown, Globe } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../shared/routing/language-context.tsx';
import { useStoreInfo } from '../../shared/store-info/store-info-context.tsx';
import { menuContentClasses, menuTriggerClasses } from '../../shared/ui/menu.ts';
import { CurrencyItems, LanguageItems, useCurrentLocaleName } from './preference-items.tsx';

function SwitcherMenu({
  label,
  visible,
  trigger,
  children,
}: {
  label: string;
  /** The text the trigger shows ('EN', 'RUB'): the accessible name starts with it (WCAG 2.5.3). */
  visible: string;
  trigger: ReactNode;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={menuTriggerClasses} aria-label={`${visible} — ${label}`}>
        {trigger}
        <ChevronDown aria-hidden="true" className="size-3.5 text-slate-400" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuContentClasses}>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The header's language menu; shown when the store has several locales. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const info = useStoreInfo();
  const language = useLanguage();
  const name = useCurrentLocaleName();
  if (info.locales.length < 2) return null;
  return (
    <SwitcherMenu
      label={t('language.current', { name })}
      visible={language.toUpperCase()}
      trigger={
        <>
          <Globe aria-hidden="true" className="size-4 text-slate-500" />
          <span className="uppercase">{language}</span>
        </>
      }
    >
      <LanguageItems />
    </SwitcherMenu>
  );
}

/** The header's currency menu; shown when the store has several currencies. */
export function CurrencySwitcher() {
  const { t } = useTranslation();
  const info = useStoreInfo();
  if (info.currencies.length < 2) return null;
  return (
    <SwitcherMenu
      label={t('currency.current', { name: info.currency.displayName })}
      visible={`${info.currency.symbol} ${info.currency.characterCode}`}
      trigger={
        <>
          <span className="inline-flex size-5 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-600">
            {info.currency.symbol}
          </span>
          <span>{info.currency.characterCode}</span>
        </>
      }
    >
      <CurrencyItems />
    </SwitcherMenu>
  );
}
