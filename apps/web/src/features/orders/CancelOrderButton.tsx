import type { Order } from '@cutout/contracts';
import { XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { useCancelOrder } from './use-order-actions.ts';

/** Cancels an order after the buyer confirms it: a cancelled order cannot be paid again. */
export function CancelOrderButton({ order }: { order: Order }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const cancel = useCancelOrder(order, () => setOpen(false));
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={{ label: t('orders.actions.cancel'), icon: XCircle }}
      title={t('orders.cancel.title', { number: order.number })}
      text={t('orders.cancel.text')}
      cancelLabel={t('orders.cancel.keep')}
      confirmLabel={t('orders.cancel.confirm')}
      onConfirm={() => cancel.mutate()}
      pending={cancel.isPending}
    />
  );
}
