import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Wordmark } from '../../shared/ui/logo.tsx';

/** A page without the shell, for when the store could not be loaded. */
export function BarePage({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-violet-50/70 to-white">
      <header className="px-6 py-5">
        <Wordmark name={t('brand')} />
      </header>
      <main id="main" className="flex flex-1 items-center justify-center">
        {children}
      </main>
    </div>
  );
}
