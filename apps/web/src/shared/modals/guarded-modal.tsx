import { type ComponentType, useEffect } from 'react';
import { Navigate } from 'react-router';
import { useLocalizedPath } from '../routing/language-context.tsx';
import { paths } from '../routing/paths.ts';
import { useIsAuthorised } from '../session/session.ts';
import { useStoreInfo } from '../store-info/store-info-context.tsx';
import type { ModalGuard, ModalProps } from './modal-types.ts';

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
