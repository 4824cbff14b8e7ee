import { RotateCw, ServerCrash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { BarePage } from './BarePage.tsx';
import { ErrorBadge, ErrorScreen } from './ErrorScreen.tsx';

/** The initialisation error: advises a refresh, logging in again or asking support. */
export function InitializationErrorPage() {
  const { t } = useTranslation();
  return (
    <BarePage>
      <ErrorScreen
        visual={
          <ErrorBadge tone="rose">
            <ServerCrash aria-hidden="true" className="size-9" />
          </ErrorBadge>
        }
        title={t('errors.initialization.title')}
        text={
          <>
            <p>{t('errors.initialization.text')}</p>
            <ul className="mt-4 space-y-1 text-sm text-slate-500">
              <li>{t('errors.initialization.refresh')}</li>
              <li>{t('errors.initialization.relogin')}</li>
              <li>{t('errors.initialization.support')}</li>
            </ul>
          </>
        }
        actions={
          <Button size="lg" onClick={() => window.location.reload()}>
            <RotateCw aria-hidden="true" className="size-4" />
            {t('errors.initialization.action')}
          </Button>
        }
      />
    </BarePage>
  );
}
