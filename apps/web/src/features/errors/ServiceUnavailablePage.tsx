import { CloudOff, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { localizedPath, paths } from '../../shared/routing/paths.ts';
import { Button } from '../../shared/ui/button.tsx';
import { BarePage } from './BarePage.tsx';
import { ErrorBadge, ErrorScreen } from './ErrorScreen.tsx';
import { useErrorLanguage } from './error-language.ts';

/** Where a failed initialisation lands (NAT_INIT_ERROR): no shell, since there is no store info. */
export function ServiceUnavailablePage() {
  const { t } = useTranslation();
  const language = useErrorLanguage();
  return (
    <BarePage>
      <ErrorScreen
        visual={
          <ErrorBadge tone="amber">
            <CloudOff aria-hidden="true" className="size-9" />
          </ErrorBadge>
        }
        title={t('errors.serviceUnavailable.title')}
        text={<p>{t('errors.serviceUnavailable.text')}</p>}
        actions={
          // A full reload: the app starts again from scratch at the root of the locale.
          <Button size="lg" onClick={() => window.location.assign(localizedPath(language, paths.main))}>
            <RotateCw aria-hidden="true" className="size-4" />
            {t('errors.serviceUnavailable.retry')}
          </Button>
        }
      />
    </BarePage>
  );
}
