import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/api-error.ts';
import { useFocusInvalid } from '../../shared/forms/use-focus-invalid.ts';
import { SubmitButton, TextField } from '../../shared/ui/form.tsx';
import { type ApiKey, apiKeysApi, apiKeysQueryKey } from './api-keys-api.ts';

/** A key just issued: its value is shown this once. */
export interface IssuedKey {
  id: string;
  label: string;
  value: string;
}

/** Issues a key under a label; the label is required (SPEC §5). */
export function IssueKeyForm({
  actionId,
  onIssued,
}: {
  actionId: string;
  onIssued: (key: IssuedKey) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const issue = useMutation({
    mutationFn: (value: string) => apiKeysApi.issue(actionId, value),
    onSuccess: (result) => {
      setLabel('');
      // The list has the new key at once (the notice shows while it is listed), then is read again.
      queryClient.setQueryData<ApiKey[]>(apiKeysQueryKey(actionId), (keys) =>
        keys && !keys.some((key) => key.id === result.token.id) ? [...keys, result.token] : keys,
      );
      onIssued({ id: result.token.id, label: result.token.label, value: result.value });
      void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(actionId) });
    },
    onError: (failure) => {
      setError(errorMessage(failure, t));
      focusInvalid();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = label.trim();
    if (!trimmed) {
      setError(t('error_label_required'));
      focusInvalid();
      return;
    }
    setError(null);
    issue.mutate(trimmed);
  }

  return (
    <section
      aria-labelledby="issue-key-title"
      className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-7"
    >
      <span className="inline-flex size-11 items-center justify-center rounded-2xl bg-violet-50 text-violet-600">
        <KeyRound aria-hidden="true" className="size-5.5" />
      </span>
      <h2 id="issue-key-title" className="mt-4 text-lg font-semibold text-slate-900">
        {t('apiKeys.issue.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-500">{t('apiKeys.issue.text')}</p>
      <form ref={formRef} noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
        <TextField
          label={t('apiKeys.issue.label')}
          placeholder={t('apiKeys.issue.placeholder')}
          value={label}
          maxLength={100}
          error={error}
          onChange={(value) => {
            setLabel(value);
            if (error) setError(null);
          }}
        />
        <SubmitButton loading={issue.isPending} size="md">
          {t('apiKeys.issue.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}
