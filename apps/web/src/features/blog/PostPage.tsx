import { blogPostPath } from '@cutout/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useFormatDate } from '../../shared/format/use-format-date.ts';
import { usePageTitle } from '../../shared/meta/page-title.ts';
import { useLanguage, useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { isNotFoundError, NotFoundError } from '../../shared/routing/not-found.ts';
import { paths, pathWithoutLanguage } from '../../shared/routing/paths.ts';
import { useSession } from '../../shared/session/session.ts';
import { Container } from '../../shared/ui/container.tsx';
import { LoadFailure } from '../../shared/ui/load-failure.tsx';
import { RichText } from '../../shared/ui/rich-text.tsx';
import { blogApi, blogQueryKeys, type Page } from './blog-api.ts';
import { NewsSubscribeForm } from './NewsSubscribeForm.tsx';
import { PostCover } from './PostCover.tsx';

/** The reading column: about 720 px, a comfortable line of text. */
const column = 'mx-auto w-full max-w-[45rem]';

/**
 * A post (`/{lang}/blog/{slug id}/{slug name}`, also `news-posts/{id or slug}/{slug name}`): its
 * date, title, cover and content, then the news subscription. The address is made canonical once
 * the post is known (its id, and its slug name in the page's language); a post the server does
 * not know, or a page that is not a post, is not found (SPEC §2.2).
 */
export function PostPage() {
  const { slugId } = useParams();
  if (!slugId) throw new NotFoundError();
  return <PostScreen key={slugId} slugId={slugId} />;
}

function PostScreen({ slugId }: { slugId: string }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { localeId } = useSession();
  const post = useQuery({
    queryKey: blogQueryKeys.post(slugId, localeId),
    queryFn: ({ signal }) => blogApi.post(slugId, signal),
  });
  const shown = post.data?.typeId === 'store_pages_types.blog_post' ? post.data : undefined;
  useCanonicalAddress(shown);
  usePageTitle(shown?.title ?? null);

  if (post.isError && isNotFoundError(post.error)) throw new NotFoundError();
  if (post.data && !shown) throw new NotFoundError();

  return (
    <div className="bg-gradient-to-b from-violet-50/70 via-white to-white">
      <Container className="py-8 sm:py-12">
        <div className={column}>
          <Link
            to={to(paths.blog)}
            className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-violet-700 hover:text-violet-900"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('blog.post.back')}
          </Link>
        </div>
        {shown ? (
          <PostView post={shown} />
        ) : post.isError ? (
          <LoadFailure
            error={post.error}
            onRetry={() => void post.refetch()}
            retryLabel={t('blog.retry')}
            className={`${column} items-start py-10`}
          />
        ) : (
          <PostSkeleton />
        )}
        <NewsSubscribeForm className={`${column} mt-14`} />
      </Container>
    </div>
  );
}

function PostView({ post }: { post: Page }) {
  const formatDate = useFormatDate();
  return (
    <article>
      <header className={`${column} mt-6 sm:mt-8`}>
        <p className="text-sm font-semibold text-violet-700">
          <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
        </p>
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl sm:leading-[1.1]">
          {post.title}
        </h1>
        {post.preview && (
          <p className="mt-5 text-lg leading-relaxed text-pretty text-slate-600 sm:text-xl">{post.preview}</p>
        )}
      </header>
      {post.primaryImage && (
        <PostCover
          image={post.primaryImage}
          title={post.title}
          sizes="(min-width: 1024px) 1024px, 100vw"
          eager
          className="mx-auto mt-8 aspect-[1200/630] w-full max-w-5xl rounded-3xl shadow-sm sm:mt-10"
        />
      )}
      <RichText html={post.content} className={`${column} mt-8 sm:mt-10`} />
    </article>
  );
}

/**
 * Replaces an address that is not the post's canonical one (an old id, the `news-posts` alias, or
 * the slug name of another language after a language switch) with it, keeping the query and hash.
 * The post is handed to the new address's cache entry so that it is not fetched again.
 */
function useCanonicalAddress(post: Page | undefined) {
  const language = useLanguage();
  const { localeId } = useSession();
  const { slugId, slugName } = useParams();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const name = post ? (post.slugifyNames[language] ?? post.slugifyName) : undefined;
  const isCanonical =
    post &&
    name !== undefined &&
    slugId === post.slugifyId &&
    slugName === name &&
    pathWithoutLanguage(pathname).startsWith(`${paths.blog}/`);

  useEffect(() => {
    if (!post || name === undefined || isCanonical) return;
    if (slugId !== post.slugifyId)
      queryClient.setQueryData(blogQueryKeys.post(post.slugifyId, localeId), post);
    navigate(`${blogPostPath(language, { slugifyId: post.slugifyId, slugifyName: name })}${search}${hash}`, {
      replace: true,
    });
  }, [post, name, isCanonical, slugId, language, localeId, search, hash, navigate, queryClient]);
}

/** The post's shape while it loads. */
function PostSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" className="mt-8 animate-pulse">
      <span className="sr-only">{t('blog.post.loading')}</span>
      <div className={column}>
        <div className="h-4 w-32 rounded-full bg-slate-200/70" />
        <div className="mt-4 h-10 w-full rounded-xl bg-slate-200/70" />
        <div className="mt-3 h-10 w-2/3 rounded-xl bg-slate-200/70" />
      </div>
      <div className="mx-auto mt-10 aspect-[1200/630] w-full max-w-5xl rounded-3xl bg-slate-200/60" />
      <div className={`${column} mt-10 flex flex-col gap-3`}>
        <div className="h-4 w-full rounded-full bg-slate-200/60" />
        <div className="h-4 w-11/12 rounded-full bg-slate-200/60" />
        <div className="h-4 w-4/5 rounded-full bg-slate-200/60" />
      </div>
    </div>
  );
}
