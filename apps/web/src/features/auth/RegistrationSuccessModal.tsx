import { PartyPopper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ModalProps } from '../../shared/modals/modal-types.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { ModalMessage } from './auth-ui.tsx';

/** Where the registration link leads (SPEC §2.3): registration succeeded; no guard. */
export function RegistrationSuccessModal({ onClose }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Modal title={t('auth.registrationSuccess.title')} onClose={onClose}>
      <ModalMessage icon={PartyPopper} tone="brand">
        {t('auth.registrationSuccess.text')}
      </ModalMessage>
      <Button size="lg" className="mt-6 w-full" onClick={onClose}>
        {t('auth.registrationSuccess.close')}
      </Button>
    </Modal>
  );
}
