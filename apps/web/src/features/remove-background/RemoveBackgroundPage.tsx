import { clsx } from 'clsx';
import { ImageUp, ShieldCheck, Sparkles, Zap } from 'lucide-react';
import { type DragEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnalytics } from '../../shared/analytics/analytics-context.tsx';
import { uiConstants } from '../../shared/constants.ts';
import { Container } from '../../shared/ui/container.tsx';
import { PageHeading } from '../../shared/ui/page-heading.tsx';
import { takeHandedOffFiles } from '../../shared/upload/file-hand-off.ts';
import { filesOf } from '../../shared/upload/image-files.ts';
import { DropZone } from './DropZone.tsx';
import { saveBlob } from './download.ts';
import { OptionsPanel } from './OptionsPanel.tsx';
import { ResultPanel } from './ResultPanel.tsx';
import { ThumbnailList } from './ThumbnailList.tsx';
import { UrlForm } from './UrlForm.tsx';
import { imageQueue, useConnectImageQueue, useImageQueueState } from './use-image-queue.ts';

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * The remove-background screen (`/{lang}/remove-background`): images are picked, dropped, pasted
 * or given by address; each gets a free preview; the selected one is shown before and after, with
 * the options of SPEC §2.5 beside it and its download below.
 */
export function RemoveBackgroundPage() {
  const { t } = useTranslation();
  const analytics = useAnalytics();
  const { items } = useImageQueueState();
  const [dragging, setDragging] = useState(false);
  const dragDepth = useRef(0);
  useConnectImageQueue();

  const addFiles = useCallback(
    (files: File[]) => {
      if (imageQueue.addFiles(files).length > 0) analytics.reachGoal('img_upload');
    },
    [analytics],
  );

  const addUrl = useCallback(
    (url: string) => {
      imageQueue.addUrl(url);
      analytics.reachGoal('img_upload');
    },
    [analytics],
  );

  // Files dropped or picked on another page (the main page's upload area) wait in the hand-off.
  useEffect(() => {
    const handedOff = takeHandedOffFiles();
    if (handedOff.length > 0) addFiles(handedOff);
  }, [addFiles]);

  // Ctrl+V of copied image files anywhere on the page; pasted text is left alone.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const files = filesOf(event.clipboardData?.files).filter((file) => file.type.startsWith('image/'));
      if (files.length === 0) return;
      event.preventDefault();
      addFiles(files);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [addFiles]);

  const dropHandlers = {
    onDragEnter: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      dragDepth.current += 1;
      setDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      if (hasFiles(event)) event.preventDefault();
    },
    onDragLeave: () => {
      dragDepth.current = Math.max(0, dragDepth.current - 1);
      if (dragDepth.current === 0) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      dragDepth.current = 0;
      setDragging(false);
      addFiles(filesOf(event.dataTransfer?.files));
    },
  };

  const selected = items.find((item) => item.selected) ?? items[0];

  async function download() {
    if (!selected) return;
    const output = await imageQueue.request(selected.id, selected.options.size);
    if (output) saveBlob(output.download, output.fileName);
  }

  return (
    <div className="relative min-h-[70vh] bg-slate-50/70" {...dropHandlers}>
      <Container className="py-8 sm:py-12">
        <PageHeading title={t('removal.title')} subtitle={t('removal.subtitle')} />

        {!selected ? (
          <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <div className="flex min-w-0 flex-col gap-4">
              <DropZone onFiles={addFiles} dragging={dragging} />
              <div className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
                <UrlForm onSubmit={addUrl} />
              </div>
            </div>
            <EmptyStateNotes />
          </div>
        ) : (
          <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <div className="flex min-w-0 flex-col gap-4">
              <ResultPanel item={selected} onDownload={() => void download()} />
              <div className="flex flex-col gap-5 rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
                <ThumbnailList
                  items={items}
                  onSelect={(id) => imageQueue.select(id)}
                  onRemove={(id) => imageQueue.remove(id)}
                  onFiles={addFiles}
                />
                <UrlForm onSubmit={addUrl} />
              </div>
            </div>
            <div className="lg:sticky lg:top-24">
              <OptionsPanel
                options={selected.options}
                onChange={(patch) => imageQueue.updateOptions(selected.id, patch)}
              />
            </div>
          </div>
        )}
      </Container>
      {dragging && selected && (
        <div
          aria-hidden="true"
          className="pointer-events-none fixed inset-0 z-[45] flex items-center justify-center bg-violet-600/10 backdrop-blur-[1px]"
        >
          <div className="flex flex-col items-center gap-3 rounded-3xl border-2 border-dashed border-violet-500 bg-white px-10 py-8 shadow-2xl">
            <ImageUp aria-hidden="true" className="size-10 text-violet-600" />
            <p className="text-lg font-semibold text-slate-900">{t('removal.upload.dropActive')}</p>
          </div>
        </div>
      )}
    </div>
  );
}

function EmptyStateNotes() {
  const { t } = useTranslation();
  const notes = [
    { icon: Sparkles, title: t('removal.notes.previewTitle'), text: t('removal.notes.previewText') },
    {
      icon: Zap,
      title: t('removal.notes.fullTitle'),
      text: t('removal.notes.fullText', { count: uiConstants.freeLitresPerMonth }),
    },
    { icon: ShieldCheck, title: t('removal.notes.formatsTitle'), text: t('removal.notes.formatsText') },
  ];
  return (
    <ul className="grid content-start gap-3 sm:grid-cols-3 lg:grid-cols-1">
      {notes.map(({ icon: Icon, title, text }) => (
        <li key={title} className={clsx('rounded-2xl border border-slate-200 bg-white p-4 shadow-sm')}>
          <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <Icon aria-hidden="true" className="size-4 text-violet-600" />
            {title}
          </p>
          <p className="mt-1 text-sm text-slate-600">{text}</p>
        </li>
      ))}
    </ul>
  );
}
