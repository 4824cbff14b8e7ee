import type { Order } from '@cutout/contracts';
import { clsx } from 'clsx';
import { ArrowRight, FileText, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { orderPath } from '../../shared/routing/paths.ts';
import { Button, ButtonLink } from '../../shared/ui/button.tsx';
import { CancelOrderButton } from './CancelOrderButton.tsx';
import { PayOrderButton } from './PayOrderButton.tsx';
import { usePrintInvoice } from './use-order-actions.ts';

/** Where an order's detail screen is; the id also travels in the navigation state (SPEC §2.2). */
export function useOrderLink(order: Pick<Order, 'id'>) {
  const to = useLocalizedPath();
  return { to: to(orderPath(order.id)), state: { orderId: order.id } };
}

/** Pay (when it can be paid), cancel (when it can be cancelled), print the invoice, and open it. */
export function OrderActions({
  order,
  withOpen,
  className,
}: {
  order: Order;
  /** On the list: a link to the detail screen as well. */
  withOpen?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const link = useOrderLink(order);
  const name = order.defaultName;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form fieldset.
    <div
      role="group"
      aria-label={t('orders.actions.label', { name })}
      className={clsx('flex flex-wrap items-center gap-2', className)}
    >
      {order.canPay && <PayOrderButton order={order} />}
      {order.canCancel && <CancelOrderButton order={order} />}
      <PrintButton order={order} />
      {withOpen && (
        <ButtonLink
          to={link.to}
          state={link.state}
          variant="ghost"
          size="sm"
          aria-label={t('orders.actions.openLabel', { name })}
          className="text-violet-700 hover:text-violet-900 sm:ml-auto"
        >
          {t('orders.actions.open')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </ButtonLink>
      )}
    </div>
  );
}

function PrintButton({ order }: { order: Order }) {
  const { t } = useTranslation();
  const print = usePrintInvoice(order);
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => print.mutate()}
      disabled={print.isPending}
      aria-busy={print.isPending || undefined}
      aria-label={t('orders.actions.printLabel', { name: order.defaultName })}
      title={t('orders.actions.printLabel', { name: order.defaultName })}
    >
      {print.isPending ? (
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      ) : (
        <FileText aria-hidden="true" className="size-4" />
      )}
      {t('orders.actions.print')}
    </Button>
  );
}
