import { phoneView } from '@cutout/contracts';
import { CircleUserRound, Droplet, Heart, KeyRound, LogIn, LogOut, Package, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths, withModal } from '../../shared/routing/paths.ts';
import { useIsAuthorised } from '../../shared/session/session.ts';
import { useLogout } from '../../shared/session/use-logout.ts';
import { litreBalance } from '../../shared/store-info/store-info.ts';
import { useStoreInfo } from '../../shared/store-info/store-info-context.tsx';
import {
  menuContentClasses,
  menuItemClasses,
  menuLabelClasses,
  menuSeparatorClasses,
  menuTriggerClasses,
} from '../../shared/ui/menu.ts';
import { CurrencyItems, LanguageItems } from './preference-items.tsx';

/** The account dropdown of SPEC §2.4. */
export function AccountMenu() {
  const { t } = useTranslation();
  const info = useStoreInfo();
  const authorised = useIsAuthorised();
  const location = useLocation();
  const to = useLocalizedPath();
  const logout = useLogout();
  const balance = litreBalance(info);
  const phone = info.user?.phoneNumber;
  const userName = info.user?.fullName || info.user?.email || (phone && phoneView(phone));

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={`${menuTriggerClasses} px-2.5`} aria-label={t('account.menu')}>
        <CircleUserRound aria-hidden="true" className="size-5 text-slate-600" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={`${menuContentClasses} w-64`}>
          {authorised && userName && (
            <DropdownMenu.Label className="truncate px-3 pt-2 pb-1.5 font-semibold text-slate-900">
              {userName}
            </DropdownMenu.Label>
          )}
          {authorised ? (
            <>
              <DropdownMenu.Item asChild className={menuItemClasses}>
                <Link to={to(paths.user)}>
                  <UserRound aria-hidden="true" className="size-4 text-slate-500" />
                  {t('account.myAccount')}
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={menuItemClasses}>
                <Link to={to(paths.userOrders)}>
                  <Package aria-hidden="true" className="size-4 text-slate-500" />
                  {t('orders.title')}
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={menuItemClasses}>
                <Link to={to(paths.userApi)}>
                  <KeyRound aria-hidden="true" className="size-4 text-slate-500" />
                  {t('account.apiKeys')}
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={menuItemClasses}>
                <Link to={to(paths.favorites)}>
                  <Heart aria-hidden="true" className="size-4 text-slate-500" />
                  {t('account.favourites')}
                </Link>
              </DropdownMenu.Item>
            </>
          ) : (
            <DropdownMenu.Item asChild className={menuItemClasses}>
              <Link to={withModal(location, 'login')} preventScrollReset>
                <LogIn aria-hidden="true" className="size-4 text-slate-500" />
                {t('account.loginSignUp')}
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className={menuItemClasses}>
            <Link to={to(paths.pricing)} aria-label={t('account.balanceBuy', { count: balance })}>
              <Droplet aria-hidden="true" className="size-4 text-violet-500" />
              <span className="flex-1">
                {t('account.balance')}:{' '}
                <strong className="font-semibold text-slate-900">
                  {t('litres.short', { count: balance })}
                </strong>
              </span>
              <span className="rounded-md bg-violet-600 px-2 py-0.5 text-xs font-semibold text-white">
                {t('account.buy')}
              </span>
            </Link>
          </DropdownMenu.Item>
          {info.locales.length > 1 && (
            <DropdownMenu.Group>
              <DropdownMenu.Separator className={menuSeparatorClasses} />
              <DropdownMenu.Label className={menuLabelClasses}>{t('language.label')}</DropdownMenu.Label>
              <LanguageItems />
            </DropdownMenu.Group>
          )}
          {info.currencies.length > 1 && (
            <DropdownMenu.Group>
              <DropdownMenu.Separator className={menuSeparatorClasses} />
              <DropdownMenu.Label className={menuLabelClasses}>{t('currency.label')}</DropdownMenu.Label>
              <CurrencyItems />
            </DropdownMenu.Group>
          )}
          {authorised && (
            <>
              <DropdownMenu.Separator className={menuSeparatorClasses} />
              <DropdownMenu.Item onSelect={logout} className={menuItemClasses}>
                <LogOut aria-hidden="true" className="size-4 text-slate-500" />
                {t('account.logout')}
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
