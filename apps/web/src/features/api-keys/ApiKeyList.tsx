import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ApiKeyRow } from './ApiKeyRow.tsx';
import type { ApiKey } from './api-keys-api.ts';
import { apiKeyListTitleId } from './list-heading.ts';

/** The user's keys: label, prefix, creation and last use, with rename and revoke. */
export function ApiKeyList({ actionId, keys }: { actionId: string; keys: readonly ApiKey[] | undefined }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby={apiKeyListTitleId}
      className="rounded-3xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex items-center justify-between border-b border-slate-100 px-6 py-5 sm:px-7">
        <h2
          id={apiKeyListTitleId}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 outline-none"
        >
          {t('apiKeys.list.title')}
        </h2>
        {keys && (
          <span className="text-sm text-slate-500">{t('apiKeys.list.count', { count: keys.length })}</span>
        )}
      </div>
      {!keys ? (
        <p role="status" className="px-6 py-8 text-sm text-slate-500 sm:px-7">
          {t('apiKeys.list.loading')}
        </p>
      ) : keys.length === 0 ? (
        <div className="flex flex-col items-center px-6 py-12 text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-slate-100 text-slate-400">
            <KeyRound aria-hidden="true" className="size-6" />
          </span>
          <p className="mt-3 font-medium text-slate-900">{t('apiKeys.list.emptyTitle')}</p>
          <p className="mt-1 max-w-sm text-sm text-slate-500">{t('apiKeys.list.emptyText')}</p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100">
          {keys.map((key) => (
            <ApiKeyRow key={key.id} actionId={actionId} apiKey={key} />
          ))}
        </ul>
      )}
    </section>
  );
}
