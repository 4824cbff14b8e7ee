import { clsx } from 'clsx';
import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { useBodyScrollLock } from '../../shared/hooks/use-body-scroll-lock.ts';
import { useWindowScrolled } from '../../shared/hooks/use-window-scrolled.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { useIsAuthorised } from '../../shared/session/session.ts';
import { useStoreInfo } from '../../shared/store-info/store-info-context.tsx';
import { ButtonLink } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/container.tsx';
import { Wordmark } from '../../shared/ui/logo.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { CartSummary } from './CartSummary.tsx';
import { IntegrationsMenu } from './IntegrationsMenu.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { CurrencySwitcher, LanguageSwitcher } from './PreferenceSwitchers.tsx';
import { SearchBox } from './SearchBox.tsx';

const mobileMenuId = 'mobile-menu';

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'inline-flex h-10 items-center rounded-xl px-3 text-sm font-medium transition hover:bg-slate-100 hover:text-slate-900',
    isActive ? 'text-violet-700' : 'text-slate-700',
  );

export function Header() {
  const { t } = useTranslation();
  const info = useStoreInfo();
  const to = useLocalizedPath();
  const location = useLocation();
  const authorised = useIsAuthorised();
  const scrolled = useWindowScrolled();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLocation, setMenuLocation] = useState(location.key);
  const burger = useRef<HTMLButtonElement>(null);
  const header = useRef<HTMLElement>(null);

  // Any navigation closes the burger menu.
  if (menuLocation !== location.key) {
    setMenuLocation(location.key);
    setMenuOpen(false);
  }

  useBodyScrollLock(menuOpen);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      burger.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  // The open menu covers the page: the page under it leaves the tab order and the accessibility
  // tree, so that Tab goes round the header and the menu only.
  useEffect(() => {
    const own = header.current;
    if (!menuOpen || !own?.parentElement) return;
    const covered = [...own.parentElement.children].filter(
      (element) => element !== own && element.id !== mobileMenuId && !element.hasAttribute('inert'),
    );
    for (const element of covered) element.setAttribute('inert', '');
    return () => {
      for (const element of covered) element.removeAttribute('inert');
    };
  }, [menuOpen]);

  return (
    <>
      <header
        ref={header}
        data-scrolled={scrolled}
        className={clsx(
          'top-0 z-40 border-b bg-white transition-shadow duration-200',
          scrolled || menuOpen
            ? 'sticky border-slate-200/80 shadow-lg shadow-slate-900/5'
            : 'relative border-transparent',
        )}
      >
        <Container className="flex h-16 items-center gap-2 lg:gap-4">
          <Link
            to={to(paths.main)}
            className="-ml-1 flex shrink-0 items-center rounded-lg p-1"
            aria-label={t('nav.home', { name: info.name })}
          >
            {info.siteLogo ? (
              <img src={info.siteLogo.url} alt={info.siteLogo.alt ?? info.name} className="h-8 w-auto" />
            ) : (
              <Wordmark name={info.name} />
            )}
          </Link>

          <nav aria-label={t('nav.main')} className="ml-2 hidden items-center gap-0.5 md:flex lg:ml-4">
            <NavLink to={to(paths.blog)} className={navLinkClasses}>
              {t('nav.blog')}
            </NavLink>
            <IntegrationsMenu />
            <NavLink to={to(paths.pricing)} className={navLinkClasses}>
              {t('nav.pricing')}
            </NavLink>
          </nav>

          <div className="ml-auto flex items-center gap-1">
            <SearchBox className="mr-1 hidden w-40 lg:block xl:w-52" />
            <div className="hidden items-center lg:flex">
              <LanguageSwitcher />
              <CurrencySwitcher />
            </div>
            {authorised && <CartSummary />}
            <AccountMenu />
            <div className="ml-1 hidden md:block">
              <ButtonLink to={to(paths.removeBackground)}>{t('nav.removeBackground')}</ButtonLink>
            </div>
            <button
              ref={burger}
              type="button"
              onClick={() => setMenuOpen((open) => !open)}
              aria-expanded={menuOpen}
              aria-controls={mobileMenuId}
              aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
              className="inline-flex size-10 items-center justify-center rounded-xl text-slate-700 transition hover:bg-slate-100 md:hidden"
            >
              {menuOpen ? (
                <X aria-hidden="true" className="size-6" />
              ) : (
                <Menu aria-hidden="true" className="size-6" />
              )}
            </button>
          </div>
        </Container>
      </header>
      {menuOpen && <MobileMenu id={mobileMenuId} onClose={() => setMenuOpen(false)} />}
    </>
  );
}
