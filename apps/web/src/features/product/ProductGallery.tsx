import type { FileRef } from '@cutout/contracts';
import { clsx } from 'clsx';
import { ImageOff } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageUrl } from '../../shared/files/file-url.ts';

/**
 * The product's pictures: the chosen one large, the others as thumbnails below it. The thumbnails
 * are buttons; the arrow keys, Home and End move between them and show the one they reach.
 */
export function ProductGallery({ images, name }: { images: readonly FileRef[]; name: string }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(0);
  const thumbnails = useRef<Array<HTMLButtonElement | null>>([]);
  const current = images[Math.min(chosen, images.length - 1)];

  if (!current) {
    return (
      <div className="flex aspect-square w-full flex-col items-center justify-center gap-3 rounded-3xl border border-dashed border-slate-200 bg-slate-50 text-slate-400">
        <ImageOff aria-hidden="true" className="size-12" />
        <p className="text-sm font-medium">{t('product.gallery.noImage')}</p>
      </div>
    );
  }

  const show = (index: number) => {
    const next = (index + images.length) % images.length;
    setChosen(next);
    thumbnails.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: images.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    show(target);
  };

  const position = (index: number) => t('product.gallery.show', { index: index + 1, count: images.length });

  return (
    <section aria-label={t('product.gallery.label')} className="flex flex-col gap-4">
      <div className="flex aspect-square w-full items-center justify-center overflow-hidden rounded-3xl border border-slate-200 bg-slate-50">
        <img
          key={current.id}
          src={imageUrl(current, 'large')}
          alt={images.length > 1 ? `${name} — ${position(chosen)}` : name}
          className="size-full object-contain"
        />
      </div>
      {images.length > 1 && (
        <ul aria-label={t('product.gallery.thumbnails')} className="flex flex-wrap gap-3">
          {images.map((image, index) => (
            <li key={image.id}>
              <button
                ref={(element) => {
                  thumbnails.current[index] = element;
                }}
                type="button"
                aria-label={position(index)}
                aria-pressed={index === chosen}
                // One tab stop for the row: the arrow keys move inside it.
                tabIndex={index === chosen ? 0 : -1}
                onClick={() => setChosen(index)}
                onKeyDown={(event) => onKeyDown(event, index)}
                className={clsx(
                  'size-20 overflow-hidden rounded-2xl border-2 bg-slate-50 transition focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-violet-200',
                  index === chosen ? 'border-violet-500' : 'border-transparent hover:border-slate-300',
                )}
              >
                <img src={imageUrl(image, 'thumbnail')} alt="" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
