import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { pagesApi } from '../../shared/content/pages-api.ts';
import { formatDay } from '../../shared/format/date.ts';
import { usePageTitle } from '../../shared/meta/page-title.ts';
import { useLanguage } from '../../shared/routing/language-context.tsx';
import { isNotFoundError, NotFoundError } from '../../shared/routing/not-found.ts';
import { Container } from '../../shared/ui/container.tsx';
import { LoadFailure } from '../../shared/ui/load-failure.tsx';
import { RichText } from '../../shared/ui/rich-text.tsx';

/** Route data of a store page's route: the page it shows (SPEC §2.2: a fixed page id). */
export interface StorePageHandle {
  pageId?: string;
}

/** The page id the matched route carries. */
function useFixedPageId(): string | undefined {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const pageId = (match.handle as StorePageHandle | undefined)?.pageId;
    if (pageId) return pageId;
  }
  return undefined;
}

/** The page's sections (its h2 headings, numbered by the server) for the contents list. */
function sectionsOf(html: string): Array<{ id: string; title: string }> {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return [...document.querySelectorAll('h2[id]')].map((heading) => ({
    id: heading.id,
    title: heading.textContent?.trim() ?? '',
  }));
}

/**
 * The day a page's text is dated (its edition, which the server sends as midnight UTC): the same
 * day in every time zone, as the document states it.
 */
function editionDay(updatedAt: string): string {
  const date = new Date(updatedAt);
  return Number.isNaN(date.getTime()) ? updatedAt : date.toISOString().slice(0, 10);
}

/**
 * A store page (SPEC §2.1: offer and terms-and-conditions, payment-options and refund-policy,
 * privacy-policy, cookies): one screen for all of them, the page id fixed by the route. Long pages
 * get a list of their sections beside the text on wide screens.
 */
export function StorePage() {
  const pageId = useFixedPageId();
  if (!pageId) throw new NotFoundError();
  return <StorePageScreen key={pageId} pageId={pageId} />;
}

function StorePageScreen({ pageId }: { pageId: string }) {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const page = useQuery({
    queryKey: ['pages', 'page', pageId, language],
    queryFn: ({ signal }) => pagesApi.get(pageId, signal, language),
  });
  usePageTitle(page.data?.title ?? null);
  const sections = useMemo(() => (page.data ? sectionsOf(page.data.content) : []), [page.data]);
  if (page.isError && isNotFoundError(page.error)) throw new NotFoundError();

  return (
    <div className="bg-slate-50/70">
      <Container className="py-10 sm:py-14">
        {page.data ? (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-14">
            <div className="lg:col-start-2">
              <h1 className="text-2xl font-bold tracking-tight wrap-break-word hyphens-auto text-slate-900 sm:text-4xl">
                {page.data.title}
              </h1>
              <p className="mt-3 text-slate-600">
                {t('storePages.updated', {
                  date: formatDay(editionDay(page.data.updatedAt), i18n.language),
                })}
              </p>
            </div>
            {sections.length > 2 && (
              <nav
                aria-label={t('storePages.contents')}
                className="lg:sticky lg:top-24 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:self-start"
              >
                <h2 className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
                  {t('storePages.contents')}
                </h2>
                <ol className="mt-3 space-y-2 border-l border-slate-200 text-sm">
                  {sections.map((section) => (
                    <li key={section.id}>
                      <a
                        href={`#${section.id}`}
                        className="-ml-px block border-l-2 border-transparent pl-3 text-slate-600 transition hover:border-violet-400 hover:text-violet-800"
                      >
                        {section.title}
                      </a>
                    </li>
                  ))}
                </ol>
              </nav>
            )}
            <article className="min-w-0 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 lg:col-start-2">
              <RichText html={page.data.content} className="max-w-3xl" />
            </article>
          </div>
        ) : page.isError ? (
          <LoadFailure
            error={page.error}
            onRetry={() => void page.refetch()}
            retryLabel={t('storePages.retry')}
            className="max-w-xl items-start py-10"
          />
        ) : (
          <div role="status" aria-busy="true" className="animate-pulse">
            <span className="sr-only">{t('storePages.loading')}</span>
            <div className="h-10 w-80 max-w-full rounded-xl bg-slate-200/70" />
            <div className="mt-8 h-96 rounded-3xl bg-slate-200/50" />
          </div>
        )}
      </Container>
    </div>
  );
}
