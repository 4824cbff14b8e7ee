import { clsx } from 'clsx';
import { Droplet, LogIn, LogOut, ShoppingCart, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLanguage, useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths, switchLanguageInPath, withModal } from '../../shared/routing/paths.ts';
import { useIsAuthorised } from '../../shared/session/session.ts';
import { useLogout } from '../../shared/session/use-logout.ts';
import { languageOfLocale, usePreferences } from '../../shared/store-info/preferences.ts';
import { litreBalance } from '../../shared/store-info/store-info.ts';
import { useStoreInfo } from '../../shared/store-info/store-info-context.tsx';
import { ButtonLink } from '../../shared/ui/button.tsx';
import { useCartCount } from './CartSummary.tsx';
import { integrationLinks } from './nav-links.ts';
import { SearchBox } from './SearchBox.tsx';

const linkClasses =
  'flex items-center gap-3 rounded-xl px-3 py-3 text-base font-medium text-slate-800 transition hover:bg-slate-50';

const chipClasses = 'rounded-lg border px-3 py-1.5 text-sm font-medium transition';
const chipOn = 'border-violet-600 bg-violet-50 text-violet-800';
const chipOff = 'border-slate-200 text-slate-600 hover:border-slate-300';

/** The full-width menu of small screens; the header opens it with the burger button. */
export function MobileMenu({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const info = useStoreInfo();
  const language = useLanguage();
  const location = useLocation();
  const to = useLocalizedPath();
  const authorised = useIsAuthorised();
  const logout = useLogout();
  const { changeCurrency } = usePreferences();

  return (
    <div
      id={id}
      className="fixed inset-x-0 top-16 bottom-0 z-[55] overflow-y-auto border-t border-slate-100 bg-white md:hidden"
    >
      <div className="flex flex-col gap-6 px-4 py-5">
        <SearchBox onSearch={onClose} />

        <nav aria-label={t('nav.mobile')} className="flex flex-col">
          <Link to={to(paths.blog)} className={linkClasses} onClick={onClose}>
            {t('nav.blog')}
          </Link>
          <Link to={to(paths.pricing)} className={linkClasses} onClick={onClose}>
            {t('nav.pricing')}
          </Link>
          <p className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-slate-400 uppercase">
            {t('nav.integrations')}
          </p>
          {integrationLinks(language).map((item) => (
            <Link key={item.path} to={to(item.path)} className={linkClasses} onClick={onClose}>
              {t(item.labelKey)}
            </Link>
          ))}
        </nav>

        <ButtonLink to={to(paths.removeBackground)} size="lg" onClick={onClose}>
          {t('nav.removeBackground')}
        </ButtonLink>

        <section aria-label={t('account.menu')} className="flex flex-col rounded-2xl bg-slate-50 p-2">
          {authorised ? (
            <>
              <Link to={to(paths.user)} className={linkClasses} onClick={onClose}>
                <UserRound aria-hidden="true" className="size-5 text-slate-500" />
                {t('account.myAccount')}
              </Link>
              <MobileCartLink onClose={onClose} />
            </>
          ) : (
            <Link
              to={withModal(location, 'login')}
              className={linkClasses}
              onClick={onClose}
              preventScrollReset
            >
              <LogIn aria-hidden="true" className="size-5 text-slate-500" />
              {t('account.loginSignUp')}
            </Link>
          )}
          <Link to={to(paths.pricing)} className={linkClasses} onClick={onClose}>
            <Droplet aria-hidden="true" className="size-5 text-violet-500" />
            <span className="flex-1">
              {t('account.balance')}: {t('litres.short', { count: litreBalance(info) })}
            </span>
            <span className="rounded-md bg-violet-600 px-2 py-0.5 text-xs font-semibold text-white">
              {t('account.buy')}
            </span>
          </Link>
          {authorised && (
            <button type="button" className={clsx(linkClasses, 'text-left')} onClick={logout}>
              <LogOut aria-hidden="true" className="size-5 text-slate-500" />
              {t('account.logout')}
            </button>
          )}
        </section>

        {info.locales.length > 1 && (
          <div>
            <p className="mb-2 text-xs font-semibold tracking-wide text-slate-400 uppercase">
              {t('language.label')}
            </p>
            <div className="flex flex-wrap gap-2">
              {info.locales.map((locale) => {
                const target = languageOfLocale(locale);
                return (
                  <Link
                    key={locale.id}
                    to={switchLanguageInPath(location, target)}
                    state={location.state}
                    lang={locale.language}
                    aria-current={target === language ? 'true' : undefined}
                    className={clsx(chipClasses, target === language ? chipOn : chipOff)}
                  >
                    {locale.name}
                  </Link>
                );
              })}
            </div>
          </div>
        )}

        {info.currencies.length > 1 && (
          <div>
            <p className="mb-2 text-xs font-semibold tracking-wide text-slate-400 uppercase">
              {t('currency.label')}
            </p>
            <div className="flex flex-wrap gap-2">
              {info.currencies.map((currency) => (
                <button
                  key={currency.id}
                  type="button"
                  aria-pressed={currency.id === info.currency.id}
                  // Closed at once, as the desktop's currency menu is: the prices behind it change.
                  onClick={() => {
                    void changeCurrency(currency.id);
                    onClose();
                  }}
                  className={clsx(chipClasses, currency.id === info.currency.id ? chipOn : chipOff)}
                >
                  {currency.symbol} {currency.characterCode}
                </button>
              ))}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

/** The cart with its product count, for a signed-in user. */
function MobileCartLink({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const count = useCartCount();
  return (
    <Link to={to(paths.shoppingCart)} className={linkClasses} onClick={onClose}>
      <ShoppingCart aria-hidden="true" className="size-5 text-slate-500" />
      <span className="flex-1">{t('nav.cart')}</span>
      {count > 0 && (
        <span className="rounded-full bg-violet-600 px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
          <span className="sr-only">{t('cart.summary.count', { count })}</span>
          <span aria-hidden="true">{count}</span>
        </span>
      )}
    </Link>
  );
}
