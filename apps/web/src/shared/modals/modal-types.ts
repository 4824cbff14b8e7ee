import type { StoreInfo } from '@cutout/contracts';

export interface ModalProps {
  /** Closes the modal: removes `?modal=` from the address and keeps the page. */
  onClose: () => void;
}

/** What a guard decides: show the modal, drop it and stay on the page, or go to the locale root. */
export type GuardDecision = 'open' | 'close' | 'root';

/** Decides whether a modal may open, from the store info and whether someone is signed in. */
export type ModalGuard = (context: { info: StoreInfo; authorised: boolean }) => GuardDecision;
