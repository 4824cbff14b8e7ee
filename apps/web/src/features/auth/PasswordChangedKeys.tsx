import { KeyRound, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/api-error.ts';
import { type SetPasswordResponse, usersApi } from '../../shared/api/users.ts';
import { formatDateTime } from '../../shared/format/date.ts';
import { useLanguage } from '../../shared/routing/language-context.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { FormAlert, SubmitButton } from '../../shared/ui/form.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { useToast } from '../../shared/ui/toast-context.tsx';

/**
 * The step after a password reset when the account has API keys: someone who took over the
 * account may have issued keys that spend its litres, and a new password does not stop them. It
 * lists the keys and revokes them all in one click (with the reset's one-time token), or goes on.
 */
export function PasswordChangedKeys({
  changed,
  onContinue,
  onClose,
}: {
  changed: Pick<SetPasswordResponse, 'apiKeys' | 'revokeKeysToken'>;
  /** Goes on to log in, as after a reset without keys. */
  onContinue: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const [revoking, setRevoking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const token = changed.revokeKeysToken;

  async function revokeAll() {
    if (!token) return;
    setRevoking(true);
    setError(null);
    try {
      const { result, revoked } = await usersApi.revokeApiKeys({ token });
      if (!result) {
        setError(t('core_unknown_error'));
        return;
      }
      toast.success(t('auth.keysReview.revoked', { count: revoked }));
      onContinue();
    } catch (failure) {
      setError(errorMessage(failure, t));
    } finally {
      setRevoking(false);
    }
  }

  return (
    <Modal title={t('auth.keysReview.title')} onClose={onClose}>
      <p className="text-sm leading-relaxed text-slate-600">{t('auth.keysReview.text')}</p>
      <ul
        aria-label={t('auth.keysReview.listLabel')}
        className="mt-4 divide-y divide-slate-100 rounded-2xl border border-slate-200"
      >
        {changed.apiKeys.map((key) => (
          <li key={key.id} className="flex items-start gap-3 px-4 py-3">
            <KeyRound aria-hidden="true" className="mt-0.5 size-4.5 shrink-0 text-violet-600" />
            <div className="min-w-0 flex-1">
              <p title={key.label} className="truncate font-semibold text-slate-900">
                {key.label}
              </p>
              <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-slate-500">
                <span className="font-mono">{key.prefix}…</span>
                <span>{t('auth.keysReview.created', { date: formatDateTime(key.createdAt, language) })}</span>
              </p>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-4 flex items-start gap-2.5 rounded-xl bg-amber-50 px-3.5 py-3 text-sm leading-relaxed text-amber-900">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
        {t('auth.keysReview.warning')}
      </p>
      {error && (
        <div className="mt-4">
          <FormAlert>{error}</FormAlert>
        </div>
      )}
      <div className="mt-6 flex flex-col gap-3">
        {token && (
          <SubmitButton type="button" variant="danger" loading={revoking} onClick={() => void revokeAll()}>
            {t('auth.keysReview.revokeAll')}
          </SubmitButton>
        )}
        <Button size="lg" variant="secondary" className="w-full" onClick={onContinue} disabled={revoking}>
          {t('auth.keysReview.continue')}
        </Button>
      </div>
    </Modal>
  );
}
