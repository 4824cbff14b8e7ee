import { ImagePlus, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptedImageInput } from '../../shared/upload/image-files.ts';
import { Segmented, smallInputClasses } from './controls.tsx';
import type { ProcessingOptions } from './processing-options.ts';

/** The background image: a file of one's own or the address of one. */
export function BackgroundImageFields({
  options,
  onChange,
}: {
  options: ProcessingOptions;
  onChange: (patch: Partial<ProcessingOptions>) => void;
}) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const urlId = useId();
  return (
    <div className="flex flex-col gap-3">
      <Segmented<'file' | 'url'>
        label={t('removal.options.bgImageSource')}
        value={options.bgImageSource}
        onChange={(bgImageSource) => onChange({ bgImageSource })}
        options={[
          { value: 'file', label: t('removal.options.bgImageFile') },
          { value: 'url', label: t('removal.options.bgImageUrl') },
        ]}
      />
      {options.bgImageSource === 'file' ? (
        <div>
          <input
            ref={fileInput}
            type="file"
            accept={acceptedImageInput}
            aria-label={t('removal.options.bgImageFileInput')}
            className="hidden"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) onChange({ bgImageFile: file });
              event.target.value = '';
            }}
          />
          {options.bgImageFile ? (
            <div className="flex items-center gap-2 rounded-xl border border-slate-200 bg-slate-50 py-1.5 pr-1.5 pl-3 text-sm">
              <span className="min-w-0 flex-1 truncate text-slate-700">{options.bgImageFile.name}</span>
              <button
                type="button"
                onClick={() => onChange({ bgImageFile: null })}
                aria-label={t('removal.options.bgImageClear')}
                className="inline-flex size-8 items-center justify-center rounded-lg text-slate-400 transition hover:bg-slate-200 hover:text-slate-700"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </div>
          ) : (
            <button
              type="button"
              onClick={() => fileInput.current?.click()}
              className="flex w-full items-center justify-center gap-2 rounded-xl border border-dashed border-slate-300 px-3 py-2.5 text-sm font-medium text-slate-700 transition hover:border-violet-400 hover:bg-violet-50/50"
            >
              <ImagePlus aria-hidden="true" className="size-4 text-violet-600" />
              {t('removal.options.bgImageChoose')}
            </button>
          )}
        </div>
      ) : (
        <div>
          <label htmlFor={urlId} className="mb-1 block text-xs font-medium text-slate-600">
            {t('removal.options.bgImageUrlField')}
          </label>
          <input
            id={urlId}
            type="url"
            inputMode="url"
            placeholder="https://…"
            value={options.bgImageUrl}
            onChange={(event) => onChange({ bgImageUrl: event.target.value })}
            className={smallInputClasses}
          />
        </div>
      )}
    </div>
  );
}
