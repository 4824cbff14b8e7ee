import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { updateSession } from '../../shared/session/session.ts';
import { useToast } from '../../shared/ui/toast-context.tsx';

/**
 * Signs the user in on this browser (SPEC §4, §9): the access token and user id go to local
 * storage, and the store info, keyed by the token, reloads with the user in it.
 */
export function useSignIn() {
  const toast = useToast();
  const { t } = useTranslation();
  return useCallback(
    (token: { id: string; userId: string }, messageKey = 'auth.login.success') => {
      updateSession({ accessToken: token.id, userId: token.userId });
      toast.success(t(messageKey));
    },
    [toast, t],
  );
}
