import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** "Results for …" under the heading while a search is on, with a way to drop it. */
export function SearchNotice({ search, onClear }: { search: string; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mt-5 flex flex-wrap items-center gap-3">
      <p className="min-w-0 text-lg font-medium [overflow-wrap:anywhere] text-slate-800">
        {t('catalog.search.resultsFor', { search })}
      </p>
      <button
        type="button"
        onClick={onClear}
        className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white px-3 py-1 text-sm font-medium text-slate-600 shadow-xs transition hover:border-violet-300 hover:text-violet-700"
      >
        <X aria-hidden="true" className="size-3.5" />
        {t('catalog.search.clear')}
      </button>
    </div>
  );
}
