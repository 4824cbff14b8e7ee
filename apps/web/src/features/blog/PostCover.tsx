import type { FileRef } from '@cutout/contracts';
import { clsx } from 'clsx';
import { Newspaper } from 'lucide-react';
import { imageUrl } from '../../shared/files/file-url.ts';

/**
 * A post's cover, cropped to the box `className` gives it. The browser picks the medium or the
 * large size for the width `sizes` says it is shown at; a post without a cover gets a plain tint
 * that says nothing to a screen reader.
 */
export function PostCover({
  image,
  title,
  sizes,
  eager = false,
  className,
}: {
  image: FileRef | null;
  /** The post's title: the picture's alternative text. */
  title: string;
  sizes: string;
  /** Above the fold (the post's own page): loaded at once. */
  eager?: boolean;
  className?: string;
}) {
  if (!image)
    return (
      <div
        aria-hidden="true"
        className={clsx(
          'flex items-center justify-center bg-gradient-to-br from-violet-100 via-violet-50 to-indigo-100 text-violet-500',
          className,
        )}
      >
        <Newspaper className="size-8" />
      </div>
    );
  return (
    <img
      src={imageUrl(image, 'medium')}
      srcSet={`${imageUrl(image, 'medium')} 640w, ${imageUrl(image, 'large')} 1280w`}
      sizes={sizes}
      alt={title}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={clsx('bg-slate-100 object-cover', className)}
    />
  );
}
