import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactNode, type RefObject, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBodyScrollLock } from '../hooks/use-body-scroll-lock.ts';
import { focusReturnFromActive, focusReturnTarget, OutletFocusReturn } from './focus-return.ts';

/**
 * A modal dialog over the page (SPEC §2.3): titled, closable by Escape, the close button or a
 * click on the overlay; focus stays inside while it is open and the page behind does not scroll.
 * Closed, it gives the focus back to what opened it, or to the control of the menu that held it
 * (`returnFocusTo` names it where the opener may be disabled meanwhile).
 */
export function Modal({
  title,
  description,
  onClose,
  children,
  className,
  returnFocusTo,
}: {
  title: ReactNode;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  useBodyScrollLock(true);
  const [opener] = useState(focusReturnFromActive);
  const outletOpener = useContext(OutletFocusReturn);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        {/* The overlay scrolls, so a dialog taller than the screen can be read to its end. */}
        <Dialog.Overlay className="modal-overlay fixed inset-0 z-[70] flex items-start justify-center overflow-y-auto bg-slate-900/45 px-3 py-6 backdrop-blur-[2px] sm:px-6 sm:py-10">
          <Dialog.Content
            className={clsx(
              'modal-content relative w-full max-w-md rounded-3xl bg-white p-6 shadow-2xl shadow-slate-900/25 outline-none sm:my-auto sm:p-8',
              className,
            )}
            {...(description ? {} : { 'aria-describedby': undefined })}
            onCloseAutoFocus={(event) => {
              const target = returnFocusTo?.current ?? focusReturnTarget(opener, outletOpener);
              if (!target) return;
              event.preventDefault();
              target.focus();
            }}
          >
            <Dialog.Title className="pr-10 text-2xl font-bold tracking-tight [overflow-wrap:anywhere] text-slate-900">
              {title}
            </Dialog.Title>
            {description && (
              <Dialog.Description className="mt-1.5 text-sm leading-relaxed text-slate-500">
                {description}
              </Dialog.Description>
            )}
            <div className="mt-6">{children}</div>
            {/* Last in the tab order, so that focus starts on the first field. */}
            <Dialog.Close
              aria-label={t('modal.close')}
              className="absolute top-4 right-4 inline-flex size-10 items-center justify-center rounded-xl text-slate-400 transition hover:bg-slate-100 hover:text-slate-700 sm:top-5 sm:right-5"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
