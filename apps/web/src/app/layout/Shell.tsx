import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AuthEvents } from '../../features/auth/AuthEvents.tsx';
import { ModalOutlet } from '../../shared/modals/ModalOutlet.tsx';
import { Footer } from '../footer/Footer.tsx';
import { Header } from '../header/Header.tsx';
import { PageLoader } from '../loaders/PageLoader.tsx';
import { DocumentMetaUpdater } from '../meta/DocumentMetaUpdater.tsx';
import type { RouteMeta } from '../meta/document-meta.ts';
import { TaskPanel } from '../tasks/TaskPanel.tsx';
import { CookieBar } from './CookieBar.tsx';
// The modals the outlet can open: each feature registers its own.
import '../modals/feature-modals.ts';

/** The application shell of SPEC §2.4 around the page; `children` replaces the outlet. */
export function Shell({ children, meta }: { children?: ReactNode; meta?: RouteMeta }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <a
        href="#main"
        className="sr-only z-[90] rounded-lg bg-white px-4 py-2 font-medium text-violet-700 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('nav.skipToContent')}
      </a>
      {/* Early in the tab order though drawn at the bottom: the keyboard reaches it before the page
          it covers, not after the footer. */}
      <CookieBar />
      <PageLoader />
      <Header />
      {/* Focusable, so that the skip link moves the keyboard there. */}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children ?? <Outlet />}
      </main>
      <Footer />
      <TaskPanel />
      <ModalOutlet />
      <AuthEvents />
      <DocumentMetaUpdater override={meta} />
    </div>
  );
}
