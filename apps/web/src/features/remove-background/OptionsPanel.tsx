import { SlidersHorizontal } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { uiConstants } from '../../shared/constants.ts';
import { BackgroundImageFields } from './BackgroundImageFields.tsx';
import { Segmented, SwitchRow, smallInputClasses } from './controls.tsx';
import {
  type Channels,
  type FileFormat,
  type ImageSize,
  type OutputFormat,
  type PaddingSide,
  type PaddingUnit,
  type ProcessingOptions,
  paddingSides,
} from './processing-options.ts';

const colorPresets = ['#ffffff', '#f1f5f9', '#000000', '#7c3aed', '#fde68a'];
const hexColor = /^#[0-9a-f]{6}$/i;

/** The remove-background controls of SPEC §2.5 for the selected image. */
export function OptionsPanel({
  options,
  onChange,
}: {
  options: ProcessingOptions;
  onChange: (patch: Partial<ProcessingOptions>) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <SlidersHorizontal aria-hidden="true" className="size-4.5 text-violet-600" />
        {t('removal.options.title')}
      </h2>
      <div className="mt-5 flex flex-col gap-5">
        <Segmented<ImageSize>
          label={t('removal.options.size')}
          value={options.size}
          onChange={(size) => onChange({ size })}
          options={[
            { value: 'preview', label: t('removal.options.sizePreview'), hint: t('removal.free') },
            {
              value: 'full',
              label: t('removal.options.sizeFull'),
              hint: t('litres.short', { count: uiConstants.litreCostFull }),
            },
          ]}
        />
        <Segmented<Channels>
          label={t('removal.options.channels')}
          value={options.channels}
          onChange={(channels) => onChange({ channels })}
          options={[
            { value: 'rgba', label: t('removal.options.channelsRgba') },
            { value: 'alpha', label: t('removal.options.channelsAlpha') },
          ]}
        />
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-1">
          <Segmented<OutputFormat>
            label={t('removal.options.output')}
            value={options.outputFormat}
            onChange={(outputFormat) => onChange({ outputFormat })}
            options={[
              { value: 'image', label: t('removal.options.outputImage') },
              { value: 'json', label: t('removal.options.outputJson') },
            ]}
          />
          <Segmented<FileFormat>
            label={t('removal.options.format')}
            value={options.format}
            onChange={(format) => onChange({ format })}
            options={[
              { value: 'png', label: 'PNG' },
              { value: 'jpg', label: 'JPG' },
              { value: 'webp', label: 'WEBP' },
              { value: 'avif', label: 'AVIF' },
            ]}
          />
        </div>
        {options.format === 'jpg' && !options.bgColorToggle && (
          <p className="-mt-2 text-xs text-slate-500">{t('removal.options.jpgHint')}</p>
        )}

        <hr className="border-slate-100" />
        <SwitchRow
          label={t('removal.options.crop')}
          description={t('removal.options.cropHint')}
          checked={options.crop}
          onChange={(crop) => onChange({ crop })}
        >
          <div className="grid grid-cols-2 gap-3">
            {paddingSides.map((side) => (
              <PaddingField
                key={side}
                side={side}
                options={options}
                onChange={(padding) => onChange({ paddings: { ...options.paddings, [side]: padding } })}
              />
            ))}
          </div>
        </SwitchRow>

        <hr className="border-slate-100" />
        <SwitchRow
          label={t('removal.options.bgColor')}
          checked={options.bgColorToggle}
          onChange={(bgColorToggle) => onChange({ bgColorToggle })}
        >
          <ColorField value={options.bgColor} onChange={(bgColor) => onChange({ bgColor })} />
        </SwitchRow>

        <hr className="border-slate-100" />
        <SwitchRow
          label={t('removal.options.bgImage')}
          checked={options.bgImageToggle}
          onChange={(bgImageToggle) => onChange({ bgImageToggle })}
        >
          <BackgroundImageFields options={options} onChange={onChange} />
        </SwitchRow>
      </div>
    </section>
  );
}

function PaddingField({
  side,
  options,
  onChange,
}: {
  side: PaddingSide;
  options: ProcessingOptions;
  onChange: (padding: { value: number; unit: PaddingUnit }) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const padding = options.paddings[side];
  const label = t(`removal.options.padding.${side}`);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <div className="flex">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          placeholder="0"
          value={padding.value === 0 ? '' : padding.value}
          onChange={(event) => {
            const value = Number(event.target.value);
            onChange({ ...padding, value: Number.isFinite(value) && value > 0 ? value : 0 });
          }}
          className={`${smallInputClasses} rounded-r-none`}
        />
        <select
          aria-label={t('removal.options.paddingUnit', { side: label })}
          value={padding.unit}
          onChange={(event) => onChange({ ...padding, unit: event.target.value as PaddingUnit })}
          className="h-10 rounded-r-xl border border-l-0 border-slate-200 bg-slate-50 px-2 text-sm text-slate-700 focus:ring-4 focus:ring-violet-100 focus:outline-none"
        >
          <option value="px">px</option>
          <option value="%">%</option>
        </select>
      </div>
    </div>
  );
}

function ColorField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {t('removal.options.bgColorValue')}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={t('removal.options.bgColorPick')}
          value={hexColor.test(value) ? value : '#ffffff'}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-xl border border-slate-200 bg-white p-1"
        />
        <input
          id={id}
          type="text"
          value={value}
          spellCheck={false}
          placeholder="#ffffff, white"
          onChange={(event) => onChange(event.target.value)}
          className={smallInputClasses}
        />
      </div>
      <div className="mt-2 flex gap-1.5">
        {colorPresets.map((color) => (
          <button
            key={color}
            type="button"
            aria-label={t('removal.options.bgColorPreset', { color })}
            aria-pressed={value.toLowerCase() === color}
            onClick={() => onChange(color)}
            style={{ backgroundColor: color }}
            className="size-7 rounded-lg border border-slate-300 shadow-xs transition hover:scale-110 aria-pressed:ring-2 aria-pressed:ring-violet-500 aria-pressed:ring-offset-1"
          />
        ))}
      </div>
    </div>
  );
}
