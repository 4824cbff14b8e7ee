import type { ComponentType } from 'react';

export interface ModalProps {
  /** Closes the modal: removes `?modal=` from the address and keeps the page. */
  onClose: () => void;
}

/**
 * The modals that can open over any page with `?modal=<name>` (SPEC §2.3). Later issues register
 * login, registration, reset-password, registration-success and set-password here.
 */
export const modalRegistry: Record<string, ComponentType<ModalProps>> = {};
