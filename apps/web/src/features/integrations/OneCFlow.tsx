import { Camera, FileImage, type LucideIcon, WandSparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const stages: Array<{ key: string; icon: LucideIcon }> = [
  { key: 'camera', icon: Camera },
  { key: 'cutout', icon: WandSparkles },
  { key: 'card', icon: FileImage },
];

/** The way of a photo, drawn for the hero: the camera, background removal, the item card in 1C. */
export function OneCFlow() {
  const { t } = useTranslation();
  return (
    <div className="relative isolate">
      <div
        aria-hidden="true"
        className="absolute -inset-6 -z-10 rounded-[2.5rem] bg-gradient-to-br from-violet-200/60 via-indigo-100/40 to-transparent blur-2xl"
      />
      <ol
        aria-label={t('forms.integrations.oneC.flow.label')}
        className="rounded-[2rem] border border-slate-200 bg-white p-5 shadow-xl shadow-violet-900/5 sm:p-7"
      >
        {stages.map(({ key, icon: Icon }, index) => (
          <li key={key} className="relative flex items-start gap-4 pb-7 last:pb-0">
            {index < stages.length - 1 && (
              <span
                aria-hidden="true"
                className="absolute top-14 bottom-1 left-6 w-px bg-gradient-to-b from-violet-300 to-indigo-200"
              />
            )}
            <span className="relative inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-violet-500 to-indigo-600 text-white shadow-lg shadow-violet-600/25">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <div className="min-w-0 pt-1">
              <p className="font-semibold text-slate-900">{t(`forms.integrations.oneC.flow.${key}.title`)}</p>
              <p className="mt-0.5 text-sm leading-relaxed text-slate-600">
                {t(`forms.integrations.oneC.flow.${key}.text`)}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
