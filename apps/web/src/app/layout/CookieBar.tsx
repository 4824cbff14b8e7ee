import { Cookie } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { readItem, storageKeys, writeItem } from '../../shared/storage/local-storage.ts';
import { Button } from '../../shared/ui/button.tsx';

/** The cookie consent bar: shown until accepted; the acceptance is remembered in local storage. */
export function CookieBar() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const [accepted, setAccepted] = useState(() => readItem(storageKeys.cookieAccepted) === 'true');
  if (accepted) return null;

  function accept() {
    writeItem(storageKeys.cookieAccepted, 'true');
    setAccepted(true);
  }

  return (
    <section
      aria-label={t('cookies.label')}
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white/95 p-4 shadow-2xl shadow-slate-900/15 backdrop-blur sm:inset-x-6 sm:bottom-6 sm:p-5"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex flex-1 items-start gap-3">
          <span className="mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-violet-50 text-violet-600">
            <Cookie aria-hidden="true" className="size-5" />
          </span>
          <p className="text-sm leading-relaxed text-slate-600">
            {t('cookies.text')}{' '}
            <Link
              to={to(paths.cookies)}
              className="font-medium text-violet-700 underline underline-offset-2 hover:text-violet-900"
            >
              {t('cookies.more')}
            </Link>
          </p>
        </div>
        <Button onClick={accept} className="shrink-0 sm:w-auto">
          {t('cookies.accept')}
        </Button>
      </div>
    </section>
  );
}
