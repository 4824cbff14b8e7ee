import { useQuery } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/api-error.ts';
import { pagesApi } from '../../shared/content/pages-api.ts';
import { usePageTitle } from '../../shared/meta/page-title.ts';
import { useLanguage } from '../../shared/routing/language-context.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { FormAlert } from '../../shared/ui/form.tsx';
import { RichText } from '../../shared/ui/rich-text.tsx';

/** The store page that describes the extension (its work, the processing time, requirements, setup). */
const pageId = 'integration-1c';

/**
 * The `integration-1c` store page's content, in the page's language; its title titles the document,
 * as a store page's does. The cache is the store pages' own (same key), so either screen fills it.
 */
export function ExtensionDescription({ id }: { id: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const page = useQuery({
    queryKey: ['pages', 'page', pageId, language],
    queryFn: ({ signal }) => pagesApi.get(pageId, signal, language),
  });
  usePageTitle(page.data?.title ?? null);

  return (
    <section id={id} className="mt-16 sm:mt-20">
      {page.data ? (
        <article
          aria-labelledby={`${id}-title`}
          className="rounded-3xl border border-slate-200 bg-white px-6 py-8 shadow-sm sm:px-10 sm:py-12"
        >
          <h2 id={`${id}-title`} className="sr-only">
            {page.data.title}
          </h2>
          <RichText html={page.data.content} className="mx-auto max-w-3xl" />
        </article>
      ) : page.isError ? (
        <div className="flex max-w-xl flex-col items-start gap-4">
          <FormAlert>
            <p className="font-medium">{t('forms.integrations.oneC.contentError')}</p>
            <p className="mt-0.5">{errorMessage(page.error, t)}</p>
          </FormAlert>
          <Button variant="secondary" onClick={() => void page.refetch()}>
            <RotateCw aria-hidden="true" className="size-4" />
            {t('forms.retry')}
          </Button>
        </div>
      ) : (
        <div role="status" aria-label={t('forms.integrations.oneC.contentLoading')}>
          <div aria-hidden="true" className="h-[32rem] animate-pulse rounded-3xl bg-slate-200/50" />
        </div>
      )}
    </section>
  );
}
