import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../shared/api/client.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { clearAuth, expireAccessTokenCookie } from '../../shared/session/session.ts';
import { useToast } from '../../shared/ui/toast-context.tsx';

/**
 * Logout (SPEC §4): tells the server (best effort, with the token still attached), forgets the
 * token and user id, reloads the store info and goes to the root of the locale.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const toast = useToast();
  const { t } = useTranslation();

  return useCallback(() => {
    apiRequest('/users/logout', { method: 'POST' }).catch(() => undefined);
    clearAuth();
    // A readable access_token cookie would keep the visitor authorised.
    expireAccessTokenCookie();
    void queryClient.invalidateQueries({ queryKey: ['storeInfo'] });
    navigate(to(paths.main));
    toast.success(t('account.loggedOut'));
  }, [queryClient, navigate, to, toast, t]);
}
