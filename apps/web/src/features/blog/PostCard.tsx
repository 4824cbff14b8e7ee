import { blogPostPath } from '@cutout/contracts';
import { clsx } from 'clsx';
import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatDate } from '../../shared/format/use-format-date.ts';
import type { ListMode } from '../../shared/list/use-list-mode.ts';
import { useLanguage } from '../../shared/routing/language-context.tsx';
import type { PostSummary } from './blog-api.ts';
import { PostCover } from './PostCover.tsx';

/**
 * One post of the list: a card of the grid, or a row (cover beside the text). The title's link
 * covers the whole card for a pointer; "Read more" is a link of its own for keyboards and voice.
 * The card clips nothing (the cover rounds its own corners), so the title link's focus ring, drawn
 * around the whole card, shows in full.
 */
export function PostCard({ post, mode }: { post: PostSummary; mode: ListMode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const formatDate = useFormatDate();
  const titleId = useId();
  const href = blogPostPath(language, post);
  const rows = mode === 'list';

  return (
    <article
      aria-labelledby={titleId}
      className={clsx(
        'relative flex rounded-3xl border border-slate-200 bg-white shadow-sm transition hover:border-violet-300 hover:shadow-md',
        rows ? 'items-start gap-4 p-3 sm:gap-6 sm:p-4' : 'flex-col',
      )}
    >
      <PostCover
        image={post.primaryImage}
        title={post.title}
        sizes={
          rows
            ? '(min-width: 640px) 240px, 112px'
            : '(min-width: 1280px) 300px, (min-width: 640px) 50vw, 100vw'
        }
        className={clsx(
          'aspect-video',
          rows ? 'w-28 shrink-0 rounded-2xl sm:w-60' : 'w-full rounded-t-[calc(1.5rem_-_1px)]',
        )}
      />
      <div className={clsx('flex min-w-0 flex-1 flex-col', rows ? 'self-stretch sm:py-1' : 'p-5 sm:p-6')}>
        <p className="text-sm font-medium text-slate-500">
          <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
        </p>
        <h2
          id={titleId}
          className={clsx(
            'mt-1.5 font-semibold text-pretty text-slate-900',
            rows ? 'text-base sm:text-xl' : 'text-lg leading-snug',
          )}
        >
          <Link
            to={href}
            className="after:absolute after:inset-0 after:rounded-3xl after:content-[''] hover:text-violet-700 focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-violet-600"
          >
            {post.title}
          </Link>
        </h2>
        {post.preview && (
          <p
            className={clsx(
              'mt-2 text-sm leading-relaxed text-slate-600',
              rows ? 'line-clamp-2 max-sm:hidden' : 'line-clamp-3',
            )}
          >
            {post.preview}
          </p>
        )}
        <div className="mt-auto pt-4">
          <Link
            to={href}
            aria-label={t('blog.card.readMoreAbout', { title: post.title })}
            className="relative z-10 inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-violet-700 transition hover:text-violet-900"
          >
            {t('blog.card.readMore')}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </div>
    </article>
  );
}
