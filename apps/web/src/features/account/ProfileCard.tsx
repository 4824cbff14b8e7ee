import type { User } from '@cutout/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/api-error.ts';
import { usersApi } from '../../shared/api/users.ts';
import { formatPhone } from '../../shared/format/phone-mask.ts';
import { FormAlert, SubmitButton, TextField } from '../../shared/ui/form.tsx';
import { useToast } from '../../shared/ui/toast-context.tsx';
import { Card } from './Card.tsx';

/** The user's addresses (read only) and the editable full name, saved with /updateProfile. */
export function ProfileCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [fullName, setFullName] = useState(user.fullName ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const unchanged = fullName.trim() === (user.fullName ?? '');

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSaving(true);
    try {
      await usersApi.updateProfile({ fullName: fullName.trim() || null });
      toast.success(t('profile.details.saved'));
      // The name shows in the header too: the store info carries the user.
      await queryClient.invalidateQueries({ queryKey: ['storeInfo'] });
    } catch (caught) {
      setError(errorMessage(caught, t));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title={t('profile.details.title')}>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="min-w-0 rounded-2xl bg-slate-50 px-4 py-3">
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {t('profile.details.email')}
          </dt>
          <dd className="mt-1 font-medium text-slate-900 [overflow-wrap:anywhere]">
            {user.email ?? t('profile.details.notSet')}
          </dd>
        </div>
        <div className="min-w-0 rounded-2xl bg-slate-50 px-4 py-3">
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {t('profile.details.phone')}
          </dt>
          <dd className="mt-1 truncate font-medium text-slate-900">
            {user.phoneNumber ? formatPhone(user.phoneNumber) : t('profile.details.notSet')}
          </dd>
        </div>
      </dl>
      <form onSubmit={save} className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-end">
        <TextField
          label={t('profile.details.fullName')}
          autoComplete="name"
          value={fullName}
          onChange={setFullName}
          maxLength={200}
          className="flex-1"
        />
        <SubmitButton loading={saving} size="md" className="sm:w-auto" disabled={unchanged}>
          {t('profile.details.save')}
        </SubmitButton>
      </form>
      {error && (
        <div className="mt-4">
          <FormAlert>{error}</FormAlert>
        </div>
      )}
    </Card>
  );
}
