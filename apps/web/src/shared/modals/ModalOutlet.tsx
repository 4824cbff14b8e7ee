import { Suspense, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type FocusReturn, focusReturnFromActive, OutletFocusReturn } from '../ui/focus-return.ts';
import { type ModalRegistry, modalRegistry } from './modal-registry.ts';

/**
 * Renders the modal named by `?modal=` from those the features registered; an unknown or missing
 * name renders nothing.
 */
export function ModalOutlet({ registry = modalRegistry }: { registry?: ModalRegistry }) {
  const [params, setParams] = useSearchParams();
  const name = params.get('modal');
  const onClose = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('modal');
        // A reset link's token belongs to its modal.
        next.delete('token');
        return next;
      },
      // Closing a modal leaves the page where it was.
      { replace: true, preventScrollReset: true },
    );
  }, [setParams]);
  const Modal = name && Object.hasOwn(registry, name) ? registry[name] : undefined;
  // What had the focus when the first modal opened, read as the address changes, before a lazy
  // modal loads and before the menu that opened it is gone.
  const [opener, setOpener] = useState<{ shown: boolean; from: FocusReturn | null }>(() => ({
    shown: Boolean(Modal),
    from: null,
  }));
  if (opener.shown !== Boolean(Modal))
    setOpener({ shown: Boolean(Modal), from: Modal ? focusReturnFromActive() : null });
  // Modals load on demand; until one has loaded nothing is shown.
  return Modal ? (
    <OutletFocusReturn.Provider value={opener.from}>
      <Suspense fallback={null}>
        <Modal onClose={onClose} />
      </Suspense>
    </OutletFocusReturn.Provider>
  ) : null;
}
