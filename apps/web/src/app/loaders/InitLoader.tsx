import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../shared/ui/logo.tsx';

/** The full-screen loader shown while the first store info loads. */
export function InitLoader() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="fixed inset-0 z-[70] flex flex-col items-center justify-center gap-5 bg-white"
    >
      <LogoMark className="size-14 animate-pulse" />
      <div className="h-1 w-40 overflow-hidden rounded-full bg-violet-100">
        <div className="loader-bar h-full w-1/3 rounded-full bg-violet-600" />
      </div>
      <span className="sr-only">{t('loader.initializing')}</span>
    </div>
  );
}
