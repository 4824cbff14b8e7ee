import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/api-error.ts';
import { formatDateTime } from '../../shared/format/date.ts';
import { useLanguage } from '../../shared/routing/language-context.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { TextField } from '../../shared/ui/form.tsx';
import { useToast } from '../../shared/ui/toast-context.tsx';
import { type ApiKey, apiKeysApi, apiKeysQueryKey } from './api-keys-api.ts';
import { apiKeyListHeading } from './list-heading.ts';

/** One key: its details, renamed in place, revoked after a confirmation. */
export function ApiKeyRow({ actionId, apiKey }: { actionId: string; apiKey: ApiKey }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [editing, setEditing] = useState(false);
  // The rename form gone (saved or given up), its button takes the focus back.
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) renameButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  return (
    <li aria-label={apiKey.label} className="px-6 py-5 sm:px-7">
      {editing ? (
        <RenameForm actionId={actionId} apiKey={apiKey} onDone={() => setEditing(false)} />
      ) : (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold text-slate-900">{apiKey.label}</p>
            <p className="mt-1 font-mono text-sm text-slate-500">{apiKey.prefix}…</p>
            <dl className="mt-2 grid gap-x-6 gap-y-1 text-xs text-slate-500 sm:grid-cols-2">
              <div className="flex gap-1">
                <dt>{t('apiKeys.list.created')}:</dt>
                <dd className="text-slate-700">{formatDateTime(apiKey.createdAt, language)}</dd>
              </div>
              <div className="flex gap-1">
                <dt>{t('apiKeys.list.lastUsed')}:</dt>
                <dd className="text-slate-700">
                  {apiKey.lastUsedAt
                    ? formatDateTime(apiKey.lastUsedAt, language)
                    : t('apiKeys.list.neverUsed')}
                </dd>
              </div>
            </dl>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <Button ref={renameButton} variant="secondary" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="size-4" />
              {t('apiKeys.list.rename')}
            </Button>
            <RevokeButton actionId={actionId} apiKey={apiKey} />
          </div>
        </div>
      )}
    </li>
  );
}

function RenameForm({ actionId, apiKey, onDone }: { actionId: string; apiKey: ApiKey; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [label, setLabel] = useState(apiKey.label);
  const [error, setError] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: (value: string) => apiKeysApi.rename(actionId, apiKey.id, value),
    onSuccess: (token) => {
      queryClient.setQueryData<ApiKey[]>(apiKeysQueryKey(actionId), (keys) =>
        keys?.map((key) => (key.id === token.id ? token : key)),
      );
      onDone();
    },
    onError: (failure) => setError(errorMessage(failure, t)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = label.trim();
    if (!trimmed) return setError(t('error_label_required'));
    if (trimmed === apiKey.label) return onDone();
    rename.mutate(trimmed);
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <TextField
        label={t('apiKeys.list.newLabel')}
        value={label}
        maxLength={100}
        autoFocus
        error={error}
        onChange={(value) => {
          setLabel(value);
          if (error) setError(null);
        }}
        className="min-w-0 flex-1"
      />
      <div className="flex gap-2 sm:mt-7">
        <Button type="submit" size="sm" disabled={rename.isPending}>
          {t('apiKeys.list.save')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          {t('apiKeys.list.cancel')}
        </Button>
      </div>
    </form>
  );
}

function RevokeButton({ actionId, apiKey }: { actionId: string; apiKey: ApiKey }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const revoked = useRef(false);
  const revoke = useMutation({
    mutationFn: () => apiKeysApi.revoke(actionId, apiKey.id),
    onSuccess: () => {
      revoked.current = true;
      queryClient.setQueryData<ApiKey[]>(apiKeysQueryKey(actionId), (keys) =>
        keys?.filter((key) => key.id !== apiKey.id),
      );
      void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(actionId) });
      setOpen(false);
      toast.success(t('apiKeys.revoke.done', { label: apiKey.label }));
    },
    onError: (failure) => {
      setOpen(false);
      toast.error(errorMessage(failure, t));
    },
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={{ label: t('apiKeys.list.revoke'), icon: Trash2 }}
      title={t('apiKeys.revoke.title', { label: apiKey.label })}
      text={t('apiKeys.revoke.text')}
      cancelLabel={t('apiKeys.revoke.cancel')}
      confirmLabel={t('apiKeys.revoke.confirm')}
      onConfirm={() => revoke.mutate()}
      pending={revoke.isPending}
      // The key's row goes with it: the list's heading takes the focus.
      returnFocusTo={() => (revoked.current ? apiKeyListHeading() : null)}
    />
  );
}
