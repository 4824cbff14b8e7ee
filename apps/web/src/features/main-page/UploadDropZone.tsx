import { clsx } from 'clsx';
import { ImageUp } from 'lucide-react';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { uiConstants } from '../../shared/constants.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { handOffFiles } from '../../shared/upload/file-hand-off.ts';
import { filesOf } from '../../shared/upload/image-files.ts';
import { useImagePicker } from '../../shared/upload/use-image-picker.tsx';

/**
 * The hero's upload area: picked or dropped images go to the remove-background screen, which
 * queues them (they wait in the file hand-off, since File objects cannot travel in the address).
 */
export function UploadDropZone() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const [dragging, setDragging] = useState(false);

  function start(files: File[]) {
    handOffFiles(files);
    navigate(to(paths.removeBackground));
  }
  const picker = useImagePicker({ label: t('main.hero.fileInput'), onFiles: start });

  function onDragOver(event: DragEvent) {
    event.preventDefault();
    setDragging(true);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    start(filesOf(event.dataTransfer?.files));
  }

  return (
    <>
      {picker.input}
      <button
        type="button"
        onClick={picker.open}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={clsx(
          'group flex w-full flex-col items-center gap-3 rounded-3xl border-2 border-dashed bg-white/80 px-6 py-8 text-center shadow-sm backdrop-blur transition sm:py-10',
          dragging
            ? 'border-violet-500 bg-violet-50'
            : 'border-violet-200 hover:border-violet-400 hover:bg-violet-50/50',
        )}
      >
        <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-violet-600 text-white shadow-lg shadow-violet-600/30 transition group-hover:scale-105">
          <ImageUp aria-hidden="true" className="size-7" />
        </span>
        <span className="text-lg font-semibold text-slate-900">
          {dragging ? t('main.hero.dropActive') : t('main.hero.dropTitle')}
        </span>
        <span className="text-sm text-slate-500">
          {t('main.hero.dropHint', { size: uiConstants.maxFileMb })}
        </span>
      </button>
    </>
  );
}
