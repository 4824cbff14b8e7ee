import { ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage, useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { menuContentClasses, menuItemClasses, menuTriggerClasses } from '../../shared/ui/menu.ts';
import { integrationLinks } from './nav-links.ts';

export function IntegrationsMenu() {
  const { t } = useTranslation();
  const language = useLanguage();
  const to = useLocalizedPath();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={menuTriggerClasses}>
        {t('nav.integrations')}
        <ChevronDown aria-hidden="true" className="size-4 text-slate-400" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={8} className={menuContentClasses}>
          {integrationLinks(language).map((item) => (
            <DropdownMenu.Item key={item.path} asChild className={menuItemClasses}>
              <Link to={to(item.path)}>{t(item.labelKey)}</Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
