import { clsx } from 'clsx';
import { ChevronsLeftRight, ImageOff, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The selected image before and after: the result lies on a checkerboard (so transparency shows)
 * and the original covers it up to the slider. Without a result yet, the original is shown under a
 * working overlay; with a crop the two do not line up, so only the result is shown.
 */
export function BeforeAfter({
  before,
  after,
  loading,
  invalid,
  compare,
  name,
  onOriginalSize,
}: {
  before: string;
  after: string | undefined;
  loading: boolean;
  invalid: boolean;
  compare: boolean;
  name: string;
  /** Called with the original's pixel size once an image of it has loaded. */
  onOriginalSize?: (size: { width: number; height: number }) => void;
}) {
  const { t } = useTranslation();
  const [position, setPosition] = useState(50);
  // The shown image's proportions, once it has loaded: it is scaled to fill the viewer.
  const [ratio, setRatio] = useState<number | null>(null);
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const src = after ?? before;
  const showSlider = Boolean(after) && compare;

  if (brokenSrc === src) {
    return (
      <div className="flex min-h-64 items-center justify-center rounded-2xl bg-slate-50 p-3 sm:min-h-80 sm:p-5">
        <div
          className={clsx(
            'flex aspect-[4/3] w-full max-w-sm flex-col items-center justify-center gap-2 rounded-xl bg-white p-6 text-center text-sm text-slate-500',
            invalid ? 'ring-2 ring-rose-500' : 'ring-1 ring-slate-900/5',
          )}
        >
          <ImageOff aria-hidden="true" className="size-8 text-slate-400" />
          <span>{t('removal.viewer.unavailable')}</span>
        </div>
      </div>
    );
  }

  return (
    <div className="flex min-h-64 items-center justify-center rounded-2xl bg-slate-50 p-3 [--viewer-height:min(60vh,32rem)] sm:min-h-80 sm:p-5">
      <div
        className={clsx(
          'relative inline-block max-w-full overflow-hidden rounded-xl',
          invalid ? 'ring-2 ring-rose-500' : 'ring-1 ring-slate-900/5',
        )}
        style={ratio ? { width: `min(100%, calc(var(--viewer-height) * ${ratio.toFixed(4)}))` } : undefined}
      >
        <img
          src={src}
          onLoad={(event) => {
            const { naturalWidth, naturalHeight } = event.currentTarget;
            if (!naturalWidth || !naturalHeight) return;
            setRatio(naturalWidth / naturalHeight);
            if (src === before) onOriginalSize?.({ width: naturalWidth, height: naturalHeight });
          }}
          onError={() => setBrokenSrc(src)}
          alt={after ? t('removal.viewer.after', { name }) : t('removal.viewer.before', { name })}
          className={clsx(
            'checkerboard block h-auto max-h-(--viewer-height) max-w-full select-none',
            ratio ? 'w-full' : 'w-auto',
            !after && 'opacity-90',
            invalid && 'opacity-60 grayscale',
          )}
          draggable={false}
        />
        {showSlider && (
          <>
            <img
              src={before}
              onLoad={(event) => {
                const { naturalWidth, naturalHeight } = event.currentTarget;
                if (naturalWidth && naturalHeight)
                  onOriginalSize?.({ width: naturalWidth, height: naturalHeight });
              }}
              alt=""
              aria-hidden="true"
              className="absolute inset-0 size-full object-contain select-none"
              style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
              draggable={false}
            />
            {/* First, as the peer of the handle drawn over it: the handle shows the keyboard's focus. */}
            <input
              type="range"
              min={0}
              max={100}
              value={position}
              onChange={(event) => setPosition(Number(event.target.value))}
              aria-label={t('removal.viewer.compare')}
              aria-valuetext={t('removal.viewer.compareValue', { before: position, after: 100 - position })}
              className="peer absolute inset-0 size-full cursor-ew-resize opacity-0"
            />
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgba(15,23,42,0.15)] peer-focus-visible:*:ring-4 peer-focus-visible:*:ring-violet-500"
              style={{ left: `${position}%` }}
            >
              <span className="absolute top-1/2 left-1/2 inline-flex size-9 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-violet-700 shadow-lg ring-1 ring-slate-900/10">
                <ChevronsLeftRight className="size-5" />
              </span>
            </div>
            <span className="pointer-events-none absolute top-3 left-3 rounded-md bg-slate-900/60 px-2 py-0.5 text-xs font-medium text-white">
              {t('removal.viewer.beforeLabel')}
            </span>
            <span className="pointer-events-none absolute top-3 right-3 rounded-md bg-violet-600/85 px-2 py-0.5 text-xs font-medium text-white">
              {t('removal.viewer.afterLabel')}
            </span>
          </>
        )}
        {loading && (
          <div className="absolute inset-0 flex items-center justify-center bg-white/45 backdrop-blur-[2px]">
            <span className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-lg">
              <LoaderCircle aria-hidden="true" className="size-4.5 animate-spin text-violet-600" />
              {t('removal.viewer.working')}
            </span>
          </div>
        )}
      </div>
    </div>
  );
}
