import type { LucideIcon } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from './button.tsx';

/**
 * Asks before an action that cannot be undone (revoking a key, cancelling an order): the trigger
 * opens it, the cancel button closes it, the confirm button runs the action (the caller closes it
 * once the action is done). A second click on the confirm button before it shows `pending` (a
 * double-click lands before React re-renders) runs nothing: the action runs once.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  text,
  cancelLabel,
  confirmLabel,
  onConfirm,
  pending,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it: a secondary button in the danger colour. */
  trigger: { label: string; icon: LucideIcon };
  title: ReactNode;
  text: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  /**
   * Where the focus goes once it closes, when the trigger goes with the action (a revoked key's
   * row): the element to focus, or nothing to give it back to the trigger.
   */
  returnFocusTo?: () => HTMLElement | null | undefined;
}) {
  const confirming = useRef(false);
  // Ready again once the action has settled, and once the dialog is closed.
  useEffect(() => {
    if (!pending || !open) confirming.current = false;
  }, [pending, open]);
  const confirm = () => {
    if (confirming.current || pending) return;
    confirming.current = true;
    onConfirm();
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Trigger asChild>
        <Button
          variant="secondary"
          size="sm"
          className="text-rose-700! hover:border-rose-200 hover:bg-rose-50"
        >
          <trigger.icon aria-hidden="true" className="size-4" />
          {trigger.label}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="modal-overlay fixed inset-0 z-[70] bg-slate-900/45 backdrop-blur-[2px]" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.();
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          className="modal-content fixed top-1/2 left-1/2 z-[71] w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white p-6 shadow-2xl shadow-slate-900/25 sm:p-8"
        >
          <AlertDialog.Title className="text-xl font-bold tracking-tight [overflow-wrap:anywhere] text-slate-900">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm leading-relaxed text-slate-600">
            {text}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{cancelLabel}</Button>
            </AlertDialog.Cancel>
            <Button variant="danger" onClick={confirm} disabled={pending}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
