import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shared/meta/page-title.ts';
import { localizedPath, paths } from '../../shared/routing/paths.ts';
import { ButtonLink } from '../../shared/ui/button.tsx';
import { ErrorScreen } from './ErrorScreen.tsx';
import { useErrorLanguage } from './error-language.ts';

/**
 * The page-not-found screen (SPEC §2.1), inside the shell. It titles the document too: shown in place
 * of a page whose record is missing (an order, a post, a catalogue group), it is not that page.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const language = useErrorLanguage();
  usePageTitle(t('meta.notFound'));
  return (
    <ErrorScreen
      visual={
        <span
          aria-hidden="true"
          className="bg-gradient-to-br from-violet-500 to-indigo-600 bg-clip-text text-8xl font-black tracking-tighter text-transparent sm:text-9xl"
        >
          404
        </span>
      }
      title={t('errors.notFound.title')}
      text={<p>{t('errors.notFound.text')}</p>}
      actions={
        <ButtonLink to={localizedPath(language, paths.main)} size="lg">
          {t('errors.notFound.action')}
        </ButtonLink>
      }
    />
  );
}
