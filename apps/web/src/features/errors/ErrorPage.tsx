import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { isNotFoundError } from '../../shared/routing/not-found.ts';
import { localizedPath, paths } from '../../shared/routing/paths.ts';
import { ButtonLink } from '../../shared/ui/button.tsx';
import { BarePage } from './BarePage.tsx';
import { ErrorBadge, ErrorScreen } from './ErrorScreen.tsx';
import { useErrorLanguage } from './error-language.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

/**
 * 'Something went wrong': the /{lang}/error page and the router's error element; a page that threw
 * "not found" (a detail screen without its record, SPEC §2.2) gets the page-not-found screen.
 */
export function ErrorPage() {
  const { t } = useTranslation();
  const language = useErrorLanguage();
  const error = useRouteError();

  useEffect(() => {
    if (error && !isNotFoundError(error)) console.error(error);
  }, [error]);

  if (isNotFoundError(error)) return <NotFoundPage />;

  return (
    <ErrorScreen
      visual={
        <ErrorBadge tone="rose">
          <TriangleAlert aria-hidden="true" className="size-9" />
        </ErrorBadge>
      }
      title={t('errors.generic.title')}
      text={<p>{t('errors.generic.text')}</p>}
      actions={
        <ButtonLink to={localizedPath(language, paths.main)} size="lg" reloadDocument={Boolean(error)}>
          {t('errors.generic.action')}
        </ButtonLink>
      }
    />
  );
}

/** The error element of the routes outside the shell: the same screen on a bare page. */
export function BareErrorPage() {
  return (
    <BarePage>
      <ErrorPage />
    </BarePage>
  );
}
