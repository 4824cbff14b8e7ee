import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usersApi } from '../../shared/api/users.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { signOutLocally } from '../../shared/session/session.ts';
import { useToast } from '../../shared/ui/toast-context.tsx';

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
