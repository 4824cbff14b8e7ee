import type { StoreInfo } from '@cutout/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { uiConstants } from '../../shared/constants.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { useOpenModal } from '../../shared/routing/use-open-modal.ts';
import { isAuthorised } from '../../shared/session/session.ts';
import { useRemoveBackgroundActionId, useStoreConstants } from '../../shared/store-info/store-constants.ts';
import { useToast } from '../../shared/ui/toast-context.tsx';
import { ImageQueue, type ImageQueueState } from './image-queue.ts';
import { executeRemoval } from './removal-api.ts';
import { removalFailureMessage } from './removal-errors.ts';

const defaultMaxFileBytes = uiConstants.maxFileBytes;

/** The one queue of the app: it outlives the screen, so work goes on while the user is elsewhere. */
export const imageQueue = new ImageQueue({
  execute: (request) => executeRemoval({ actionId: 'remove-background', ...request }),
  isAuthorised,
  onLoginRequired: () => undefined,
  onCharged: () => undefined,
  onFailure: () => undefined,
  maxFileBytes: defaultMaxFileBytes,
});

export function useImageQueueState(): ImageQueueState {
  return useSyncExternalStore(imageQueue.subscribe, imageQueue.getState, imageQueue.getState);
}

let chargeId = 0;

/**
 * Connects the queue to the app: the action id, the login modal, the notifications and the litre
 * balance in the header, which drops by the charged cost at once and is then fetched again.
 */
export function useConnectImageQueue(): void {
  const actionId = useRemoveBackgroundActionId();
  const maxFileBytes = useStoreConstants()?.maxFileBytes ?? defaultMaxFileBytes;
  const openModal = useOpenModal();
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const { t } = useTranslation();

  useEffect(() => {
    imageQueue.configure({
      execute: (request) => executeRemoval({ actionId, ...request }),
      maxFileBytes,
      // NAT_AUTH_REQUIRED_ERROR opens the registration (SPEC §8.1): a visitor is most likely new,
      // and an account brings 5 free litres; the window leads to the login for those who have one.
      onLoginRequired: () => openModal('registration', { notice: 'fullSizeSignUp' }),
      onCharged: (cost) => {
        chargeId += 1;
        queryClient.setQueriesData<StoreInfo>({ queryKey: ['storeInfo'] }, (info) =>
          info
            ? {
                ...info,
                partnerActions: [...info.partnerActions, { id: `charge-${chargeId}`, quantity: -cost }],
              }
            : info,
        );
        void queryClient.invalidateQueries({ queryKey: ['storeInfo'] });
      },
      onFailure: (failure) => {
        if (failure.type === 'insufficientBalance') {
          toast.error(removalFailureMessage(failure, t), {
            action: { label: t('removal.buyLitres'), onSelect: () => navigate(to(paths.pricing)) },
          });
        } else if (failure.type === 'authorizationRequired') {
          toast.error(removalFailureMessage(failure, t));
        }
      },
    });
  }, [actionId, maxFileBytes, openModal, queryClient, toast, navigate, to, t]);
}
