import { CircleAlert, Download, LoaderCircle, LogIn } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { uiConstants } from '../../shared/constants.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { useIsAuthorised } from '../../shared/session/session.ts';
import { litreBalance } from '../../shared/store-info/store-info.ts';
import { useStoreInfo } from '../../shared/store-info/store-info-context.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { BeforeAfter } from './BeforeAfter.tsx';
import { fittedSize, type ImageItem, outputFor, shownOutput } from './image-item.ts';
import { removalFailureMessage } from './removal-errors.ts';

/** The selected image: the before/after view, its state, an error and the download. */
export function ResultPanel({ item, onDownload }: { item: ImageItem; onDownload: () => void }) {
  const { t } = useTranslation();
  const authorised = useIsAuthorised();
  const info = useStoreInfo();
  const to = useLocalizedPath();
  const output = shownOutput(item);
  const { size } = item.options;
  const wanted = outputFor(item, size);
  const downloading = item.loadingSizes.includes(size) && size === 'full';
  // A full size not made yet that the balance cannot pay for.
  const short = authorised && size === 'full' && !wanted && litreBalance(info) < uiConstants.litreCostFull;
  const limit = item.sizeLimits?.[size];
  // The original's size, once the browser has shown it: a result not made yet, uncropped, will be
  // the original fitted into the size's limit.
  const [original, setOriginal] = useState<{ url: string; width: number; height: number } | null>(null);
  const originalSize = original?.url === item.inputUrl ? original : null;
  const expected = limit && originalSize && !item.options.crop ? fittedSize(originalSize, limit) : null;
  const made = wanted?.width && wanted.height ? { width: wanted.width, height: wanted.height } : null;
  const known = made ?? expected;
  const dimensions = known ? `${known.width} × ${known.height} px` : null;

  return (
    <section
      aria-label={t('removal.viewer.label')}
      className="rounded-3xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <BeforeAfter
        before={item.inputUrl}
        after={output?.url}
        loading={item.loading}
        invalid={item.invalidInput}
        compare={!item.options.crop}
        name={item.name}
        onOriginalSize={(size) => setOriginal({ url: item.inputUrl, ...size })}
      />
      {item.failure && (
        <div
          role="alert"
          className="mt-3 flex items-start gap-2.5 rounded-xl border border-rose-200 bg-rose-50 px-3.5 py-3 text-sm text-rose-700"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div>
            {item.invalidInput && <p className="font-semibold">{t('removal.viewer.invalidInput')}</p>}
            <p>{removalFailureMessage(item.failure, t)}</p>
          </div>
        </div>
      )}
      <div className="mt-3 flex flex-col gap-3 px-1 pb-1 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 text-sm">
          <p className="truncate font-medium text-slate-900" title={item.name}>
            {item.name}
          </p>
          <p className="text-slate-500">
            {size === 'full' ? t('removal.download.fullInfo') : t('removal.download.previewInfo')}
            {dimensions
              ? ` · ${dimensions}`
              : limit
                ? ` · ${t('removal.download.upTo', { width: limit.width, height: limit.height })}`
                : ''}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-stretch gap-1 sm:items-end">
          <Button
            onClick={onDownload}
            disabled={item.invalidInput || downloading}
            className="w-full sm:w-auto"
          >
            {downloading ? (
              <LoaderCircle aria-hidden="true" className="size-4.5 shrink-0 animate-spin" />
            ) : size === 'full' && !authorised ? (
              <LogIn aria-hidden="true" className="size-4.5 shrink-0" />
            ) : (
              <Download aria-hidden="true" className="size-4.5 shrink-0" />
            )}
            {size === 'full' ? t('removal.download.full') : t('removal.download.preview')}
            <span className="rounded-md bg-white/20 px-1.5 py-0.5 text-xs">
              {size === 'full'
                ? wanted
                  ? t('removal.download.paid')
                  : t('litres.short', { count: uiConstants.litreCostFull })
                : t('removal.free')}
            </span>
          </Button>
          {size === 'full' && !authorised && (
            <p className="text-center text-xs text-slate-500 sm:text-right">
              {t('removal.download.loginHint')}
            </p>
          )}
          {short && (
            // Said beside the button, not only in the notification of the refused download.
            <p className="text-center text-xs text-amber-700 sm:text-right">
              {t('removal.download.noLitres')}{' '}
              <Link to={to(paths.pricing)} className="font-semibold underline hover:text-amber-900">
                {t('removal.download.buyLitres')}
              </Link>
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
