import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { modalRegistry } from './modal-registry.ts';

/** Renders the modal named by `?modal=`; an unknown or missing name renders nothing. */
export function ModalOutlet({ registry = modalRegistry }: { registry?: typeof modalRegistry }) {
  const [params, setParams] = useSearchParams();
  const name = params.get('modal');
  const onClose = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('modal');
        return next;
      },
      // Closing a modal leaves the page where it was.
      { replace: true, preventScrollReset: true },
    );
  }, [setParams]);
  const Modal = name && Object.hasOwn(registry, name) ? registry[name] : undefined;
  return Modal ? <Modal onClose={onClose} /> : null;
}
