import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usersApi } from '../api/users.ts';
import { useLocalizedPath } from '../routing/language-context.tsx';
import { paths } from '../routing/paths.ts';
import { useToast } from '../ui/toast-context.tsx';
import { signOutLocally } from './session.ts';

/**
 * Logout (SPEC §4): tells the server (best effort, with the token still attached), which clears
 * the HttpOnly access_token cookie; forgets the token, user id and the signed-in hint cookie at
 * once (the views need not wait for the server); drops whatever was cached for the user (cart,
 * contact sets, orders), reloads the store info and goes to the root of the locale.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const toast = useToast();
  const { t } = useTranslation();

  return useCallback(() => {
    usersApi.logout().catch(() => undefined);
    signOutLocally();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'storeInfo' });
    void queryClient.invalidateQueries({ queryKey: ['storeInfo'] });
    navigate(to(paths.main));
    toast.success(t('account.loggedOut'));
  }, [queryClient, navigate, to, toast, t]);
}
