import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { CopyButton } from '../../shared/ui/copy-button.tsx';

/** The key just issued: the only time its value is shown. */
export function NewKeyNotice({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const { t } = useTranslation();
  // Shown once, after the form that asked for it: the keyboard is taken to it (and the page
  // scrolled there on a phone, where it lies under the form).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="new-key-title"
      className="rounded-3xl border border-amber-200 bg-amber-50 p-6 shadow-sm sm:p-7"
    >
      {/* A label of 100 characters with no space wraps anywhere rather than widening the page. */}
      <h2
        id="new-key-title"
        ref={heading}
        tabIndex={-1}
        className="flex items-start gap-2 text-lg font-semibold text-amber-950 outline-none [overflow-wrap:anywhere]"
      >
        <TriangleAlert aria-hidden="true" className="mt-1 size-5 shrink-0 text-amber-600" />
        <span className="min-w-0">{t('apiKeys.created.title', { label })}</span>
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
