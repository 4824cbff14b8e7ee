import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { CopyButton } from '../../shared/ui/copy-button.tsx';

/** The key just issued: the only time its value is shown. */
export function NewKeyNotice({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="new-key-title"
      className="rounded-3xl border border-amber-200 bg-amber-50 p-6 shadow-sm sm:p-7"
    >
      <h2 id="new-key-title" className="flex items-center gap-2 text-lg font-semibold text-amber-950">
        <TriangleAlert aria-hidden="true" className="size-5 text-amber-600" />
        {t('apiKeys.created.title', { label })}
      </h2>
      <p className="mt-1 text-sm text-amber-900">{t('apiKeys.created.warning')}</p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code className="block min-w-0 flex-1 rounded-xl border border-amber-200 bg-white px-3.5 py-2.5 font-mono text-sm break-all text-slate-900">
          {value}
        </code>
        <CopyButton text={value} label={t('apiKeys.created.copy')} className="h-11" />
      </div>
      <Button variant="secondary" size="sm" onClick={onDone} className="mt-4">
        {t('apiKeys.created.done')}
      </Button>
    </section>
  );
}
