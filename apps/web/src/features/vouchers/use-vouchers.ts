import type { Language } from '@cutout/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../shared/routing/language-context.tsx';
import { useSession } from '../../shared/session/session.ts';
import { useToast } from '../../shared/ui/toast-context.tsx';
import { type AppliedPinCode, type Voucher, vouchersApi, vouchersQueryKeys } from './vouchers-api.ts';

function useViewer() {
  const { userId } = useSession();
  const language = useLanguage();
  return { userId, language };
}

/** The viewer's codes, newest first. */
export function useVoucherList() {
  const viewer = useViewer();
  return useQuery({
    queryKey: vouchersQueryKeys.list(viewer),
    queryFn: ({ signal }) => vouchersApi.list(signal),
  });
}

/**
 * Applies a code: the server's notice as a toast, then the list and the store info are refetched
 * (the header's litre balance is the sum of the store info's partner actions). Errors are the
 * caller's to show, next to the field.
 */
export function useApplyPinCode(onApplied: (result: AppliedPinCode) => void) {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pinCode: string) => vouchersApi.apply(pinCode),
    onSuccess: async (result) => {
      toast.success(result.message);
      onApplied(result);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: vouchersQueryKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['storeInfo'] }),
      ]);
    },
  });
}

/** Sends a gift card's code: the answer replaces the card in the list and a toast says where it went. */
export function useSendVoucher(voucherId: string, onSent: () => void) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: (body: { email: string; language: Language }) => vouchersApi.send(voucherId, body),
    onSuccess: (sent) => {
      queryClient.setQueryData<Voucher[]>(vouchersQueryKeys.list(viewer), (list) =>
        list?.map((voucher) => (voucher.id === sent.id ? sent : voucher)),
      );
      toast.success(t('vouchers.send.done', { email: sent.recipientEmail ?? '' }));
      onSent();
    },
  });
}
