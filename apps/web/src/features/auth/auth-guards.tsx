import type { StoreInfo } from '@cutout/contracts';
import { type ComponentType, useEffect } from 'react';
import { Navigate } from 'react-router';
import type { ModalProps } from '../../app/modals/modal-registry.ts';
import type { PermissionType } from '../../shared/api/users.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { useIsAuthorised } from '../../shared/session/session.ts';
import { storeOption } from '../../shared/store/store-info.ts';
import { useStoreInfo } from '../../shared/store/store-info-context.tsx';

type Info = Pick<StoreInfo, 'optionItems' | 'passports'>;

const optionOr = (info: Info, name: StoreInfo['optionItems'][number]['name'], fallback: boolean) =>
  info.optionItems.find((item) => item.name === name)?.value ?? fallback;

/** The sign-in channels the store asks for, and whether each must be confirmed by a code (SPEC §3). */
export function authChannels(info: Info) {
  const email = storeOption(info, 'UserEmailRequired');
  const phone = storeOption(info, 'UserPhoneNumberRequired');
  return {
    /** The required channels, e-mail first. */
    required: [
      ...(email ? ['email' as const] : []),
      ...(phone ? ['phone' as const] : []),
    ] as PermissionType[],
    email,
    phone,
    // E-mail verification is on unless the store turns it off (SPEC §3).
    emailVerification: optionOr(info, 'UserEmailVerificationRequired', true),
    phoneVerification: optionOr(info, 'UserPhoneNumberVerificationRequired', false),
  };
}

/** What a guard decides: show the modal, drop it and stay on the page, or go to the locale root. */
export type GuardDecision = 'open' | 'close' | 'root';
export type ModalGuard = (context: { info: Info; authorised: boolean }) => GuardDecision;

/** Login (SPEC §2.3): visitors only; needs a required channel or an external sign-in provider. */
export const loginGuard: ModalGuard = ({ info, authorised }) => {
  if (authorised) return 'close';
  return authChannels(info).required.length > 0 || info.passports.length > 0 ? 'open' : 'root';
};

/** Registration and password reset (SPEC §2.3): visitors only, and only when a channel is required. */
export const registrationGuard: ModalGuard = ({ info, authorised }) => {
  if (authorised) return 'close';
  return authChannels(info).required.length > 0 ? 'open' : 'root';
};

function CloseNow({ onClose }: { onClose: () => void }) {
  useEffect(() => onClose(), [onClose]);
  return null;
}

/** A modal shown only when its guard allows it (the guard runs before a lazy modal loads). */
export function guardedModal(guard: ModalGuard | null, Modal: ComponentType<ModalProps>) {
  function Guarded(props: ModalProps) {
    const info = useStoreInfo();
    const authorised = useIsAuthorised();
    const to = useLocalizedPath();
    const decision = guard ? guard({ info, authorised }) : 'open';
    if (decision === 'root') return <Navigate replace to={to(paths.main)} />;
    if (decision === 'close') return <CloseNow onClose={props.onClose} />;
    return <Modal {...props} />;
  }
  Guarded.displayName = `Guarded(${Modal.displayName ?? Modal.name ?? 'Modal'})`;
  return Guarded;
}
