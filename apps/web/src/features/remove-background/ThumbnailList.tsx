import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, ImageOff, LoaderCircle, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddImagesTile } from './DropZone.tsx';
import { type ImageItem, shownOutput } from './image-item.ts';

/** The images of the session as a strip of thumbnails; one is selected for the large view. */
export function ThumbnailList({
  items,
  onSelect,
  onRemove,
  onFiles,
}: {
  items: readonly ImageItem[];
  onSelect: (id: string) => void;
  onRemove: (id: string) => void;
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const list = useRef<HTMLUListElement>(null);
  const selectedId = items.find((item) => item.selected)?.id;
  // The selected image (a new one is selected as it comes) is scrolled into the strip's view.
  useEffect(() => {
    const strip = list.current;
    const tile = strip?.querySelector<HTMLElement>(`[data-item-id="${selectedId}"]`);
    if (!strip || !tile) return;
    const start = tile.offsetLeft;
    const end = start + tile.offsetWidth;
    // A few pixels more than the tile: its remove button sticks out at the corner.
    if (start < strip.scrollLeft) strip.scrollTo?.({ left: Math.max(0, start - 8), behavior: 'smooth' });
    else if (end > strip.scrollLeft + strip.clientWidth)
      strip.scrollTo?.({ left: end - strip.clientWidth + 8, behavior: 'smooth' });
  }, [selectedId]);
  return (
    <section aria-labelledby={headingId}>
      <div className="flex items-baseline justify-between">
        <h2 id={headingId} className="text-sm font-semibold text-slate-900">
          {t('removal.list.title')}
        </h2>
        <p className="text-xs text-slate-500">{t('removal.list.count', { count: items.length })}</p>
      </div>
      <ul ref={list} className="relative -mx-1 mt-3 flex gap-3 overflow-x-auto px-1 pt-1 pb-2">
        {items.map((item) => (
          <li key={item.id} data-item-id={item.id} className="relative shrink-0">
            <Thumbnail item={item} onSelect={() => onSelect(item.id)} />
            <button
              type="button"
              onClick={() => onRemove(item.id)}
              aria-label={t('removal.list.remove', { name: item.name })}
              className="absolute -top-1.5 -right-1.5 inline-flex size-6 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-500 shadow-sm transition hover:bg-slate-100 hover:text-slate-900"
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </li>
        ))}
        {/* relative: the tile's visually hidden file input stays inside the scrolling list. */}
        <li className="relative shrink-0">
          <AddImagesTile onFiles={onFiles} />
        </li>
      </ul>
    </section>
  );
}

function Thumbnail({ item, onSelect }: { item: ImageItem; onSelect: () => void }) {
  const { t } = useTranslation();
  const output = shownOutput(item);
  const src = output?.url ?? item.inputUrl;
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const status = item.loading
    ? t('removal.list.processing')
    : item.failure
      ? t('removal.list.failed')
      : output
        ? t('removal.list.done')
        : '';
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={item.selected}
      data-invalid={item.invalidInput || undefined}
      aria-label={status ? `${item.name} — ${status}` : item.name}
      title={item.name}
      className={clsx(
        'checkerboard relative block size-18 overflow-hidden rounded-2xl ring-offset-2 transition sm:size-20',
        item.invalidInput
          ? 'ring-2 ring-rose-500'
          : item.selected
            ? 'ring-2 ring-violet-600'
            : 'ring-1 ring-slate-200 hover:ring-slate-300',
      )}
    >
      {brokenSrc === src ? (
        <span className="flex size-full items-center justify-center bg-slate-50">
          <ImageOff aria-hidden="true" className="size-6 text-slate-400" />
        </span>
      ) : (
        <img
          src={src}
          alt=""
          onError={() => setBrokenSrc(src)}
          className={clsx('size-full object-cover', item.invalidInput && 'opacity-50 grayscale')}
          draggable={false}
        />
      )}
      {item.loading && (
        <span className="absolute inset-0 flex items-center justify-center bg-white/60 backdrop-blur-[1px]">
          <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-violet-600" />
        </span>
      )}
      {!item.loading && item.failure && (
        <span className="absolute right-1 bottom-1 rounded-full bg-white">
          <CircleAlert aria-hidden="true" className="size-5 text-rose-600" />
        </span>
      )}
      {!item.loading && !item.failure && output && (
        <span className="absolute right-1 bottom-1 rounded-full bg-white">
          <CircleCheck aria-hidden="true" className="size-5 text-emerald-600" />
        </span>
      )}
    </button>
  );
}
