import { clsx } from 'clsx';
import { Newspaper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError, MissingPage, ReadError } from '../../shared/list/ListStates.tsx';
import { ListPaging } from '../../shared/list/ShowMore.tsx';
import { type ListMode, useListMode } from '../../shared/list/use-list-mode.ts';
import { useListPages } from '../../shared/list/use-list-pages.ts';
import { type UrlListQueryState, useUrlListQuery } from '../../shared/list/use-url-list-query.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { useSession } from '../../shared/session/session.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/container.tsx';
import { PageHeading } from '../../shared/ui/page-heading.tsx';
import { BlogToolbar } from './BlogToolbar.tsx';
import { blogApi, blogQueryKeys } from './blog-api.ts';
import { type BlogQuery, blogQueryCodec, blogQueryToSearch, postListRequest } from './blog-query.ts';
import { NewsSubscribeForm } from './NewsSubscribeForm.tsx';
import { PostCard } from './PostCard.tsx';

/**
 * The blog (`/{lang}/blog`, also `news-posts`): the news posts, searched, sorted and paged as the
 * URL says (SPEC §2.2), as cards or rows, and the news subscription under them.
 */
export function BlogPage() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const listQuery = useUrlListQuery(blogQueryCodec);
  return (
    <div className="bg-slate-50/70">
      <Container className="py-10 sm:py-14">
        <PageHeading title={t('blog.title')} subtitle={t('blog.subtitle')} />
        {listQuery.result.ok ? (
          <PostsScreen query={listQuery.result.query} listQuery={listQuery} />
        ) : (
          <ReadError
            error={listQuery.result.error}
            backTo={to(paths.blog)}
            backLabel={t('blog.readError.back')}
            text={t('blog.readError.text')}
          />
        )}
        <NewsSubscribeForm className="mt-14" />
      </Container>
    </div>
  );
}

function PostsScreen({ query, listQuery }: { query: BlogQuery; listQuery: UrlListQueryState<BlogQuery> }) {
  const { t } = useTranslation();
  const { localeId } = useSession();
  const [mode, setMode] = useListMode();
  const pages = useListPages({
    page: query.page,
    queryId: blogQueryToSearch({ ...query, page: 1 }),
    queryKey: (page) => blogQueryKeys.posts(postListRequest(query, page), localeId),
    fetchPage: (page, signal) => blogApi.posts(postListRequest(query, page), signal),
  });
  const { totalCount } = pages;
  const totalPages = totalCount === undefined ? 0 : Math.ceil(totalCount / query.limit);
  const noPostsAtAll = totalCount === 0 && !pages.stale && !query.search && query.page === 1;

  function showMore() {
    pages.markShowMore();
    listQuery.update({ page: query.page + 1 });
  }

  return (
    <div className="mt-8 flex flex-col gap-6">
      {/* A blog without a single post has nothing to search or sort. */}
      {!noPostsAtAll && (
        <>
          <BlogToolbar query={query} mode={mode} onChange={listQuery.update} onMode={setMode} />
          <p role="status" className="-mb-2 text-sm font-medium text-slate-600">
            {totalCount === undefined ? '\u00a0' : t('blog.toolbar.count', { count: totalCount })}
          </p>
        </>
      )}
      {pages.error ? (
        <LoadError
          error={pages.error}
          onRetry={pages.retry}
          title={t('blog.loadError')}
          retryLabel={t('blog.retry')}
        />
      ) : pages.pending ? (
        <PostsSkeleton mode={mode} />
      ) : pages.items.length === 0 && query.page > 1 && totalCount ? (
        <MissingPage page={query.page} firstPageHref={listQuery.hrefOf({ page: 1 })} />
      ) : pages.items.length === 0 && query.search ? (
        <EmptyState
          title={t('blog.empty.searchTitle', { search: query.search })}
          text={t('blog.empty.searchText')}
          action={
            <Button variant="secondary" onClick={() => listQuery.update({ search: undefined })}>
              {t('blog.empty.reset')}
            </Button>
          }
        />
      ) : pages.items.length === 0 ? (
        <EmptyState icon={Newspaper} title={t('blog.empty.title')} text={t('blog.empty.text')} />
      ) : (
        <ul
          aria-label={t('blog.list.label')}
          aria-busy={pages.stale || undefined}
          className={clsx(listClasses[mode], pages.stale && 'opacity-60 transition-opacity')}
        >
          {pages.items.map((post) => (
            <li key={post.id} className="flex min-w-0 flex-col [&>article]:flex-1">
              <PostCard post={post} mode={mode} />
            </li>
          ))}
        </ul>
      )}
      <ListPaging
        page={query.page}
        totalPages={totalPages}
        pages={pages}
        onShowMore={showMore}
        hrefOf={(page) => listQuery.hrefOf({ page })}
      />
    </div>
  );
}

/** Eight posts make two rows of four on a desktop, four of two on a tablet. */
const listClasses: Record<ListMode, string> = {
  grid: 'grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-4',
  list: 'flex flex-col gap-4',
};

/** Grey cards in the shape of the list while its first page loads. */
function PostsSkeleton({ mode }: { mode: ListMode }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">{t('blog.list.loading')}</span>
      <div aria-hidden="true" className={clsx(listClasses[mode], 'animate-pulse')}>
        {Array.from({ length: mode === 'list' ? 4 : 8 }, (_, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
            key={index}
            className={clsx('rounded-3xl bg-slate-200/60', mode === 'list' ? 'h-32 sm:h-40' : 'h-96')}
          />
        ))}
      </div>
    </div>
  );
}
