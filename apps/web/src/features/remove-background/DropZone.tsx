import { clsx } from 'clsx';
import { ImageUp, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { uiConstants } from '../../shared/constants.ts';
import { useImagePicker } from '../../shared/upload/use-image-picker.tsx';

/** The hidden file input behind the upload buttons of this screen. */
function usePicker(onFiles: (files: File[]) => void) {
  const { t } = useTranslation();
  return useImagePicker({ label: t('removal.upload.input'), onFiles });
}

/** The big drop zone of the empty screen: pick, drop or paste images. */
export function DropZone({ onFiles, dragging }: { onFiles: (files: File[]) => void; dragging: boolean }) {
  const { t } = useTranslation();
  const picker = usePicker(onFiles);
  return (
    <div
      className={clsx(
        'flex flex-col items-center rounded-3xl border-2 border-dashed px-6 py-12 text-center transition sm:py-16',
        dragging ? 'border-violet-500 bg-violet-50' : 'border-violet-200 bg-white',
      )}
    >
      {picker.input}
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-violet-600 text-white shadow-lg shadow-violet-600/30">
        <ImageUp aria-hidden="true" className="size-8" />
      </span>
      <p className="mt-5 text-xl font-semibold text-slate-900">
        {dragging ? (
          t('removal.upload.dropActive')
        ) : (
          <>
            {/* A finger drags nothing into a page: a touch screen is asked to choose. */}
            <span className="pointer-coarse:hidden">{t('removal.upload.title')}</span>
            <span className="hidden pointer-coarse:inline">{t('removal.upload.titleTouch')}</span>
          </>
        )}
      </p>
      <p className="mt-2 max-w-md text-sm text-slate-500">
        {t('removal.upload.hint', { size: uiConstants.maxFileMb })}
      </p>
      <button
        type="button"
        onClick={picker.open}
        className="mt-6 inline-flex h-12 items-center gap-2 rounded-xl bg-violet-600 px-6 font-semibold text-white shadow-sm shadow-violet-600/25 transition hover:bg-violet-700"
      >
        <ImageUp aria-hidden="true" className="size-5" />
        {t('removal.upload.pick')}
      </button>
      <p className="mt-4 hidden text-xs text-slate-500 sm:block">{t('removal.upload.paste')}</p>
    </div>
  );
}

/** The add-more tile at the end of the thumbnails. */
export function AddImagesTile({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { t } = useTranslation();
  const picker = usePicker(onFiles);
  return (
    <>
      {picker.input}
      <button
        type="button"
        onClick={picker.open}
        aria-label={t('removal.upload.more')}
        title={t('removal.upload.more')}
        className="flex size-18 shrink-0 flex-col items-center justify-center gap-0.5 rounded-2xl border-2 border-dashed border-slate-300 text-slate-500 transition hover:border-violet-400 hover:bg-violet-50 hover:text-violet-700 sm:size-20"
      >
        <Plus aria-hidden="true" className="size-5" />
        <span className="text-[11px] font-medium">{t('removal.upload.moreShort')}</span>
      </button>
    </>
  );
}
