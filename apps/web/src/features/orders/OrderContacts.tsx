import type { Order } from '@cutout/contracts';
import { useTranslation } from 'react-i18next';
import { DetailCard } from './DetailCard.tsx';

/** How and where the order goes, and to whom, as they were at checkout. */
export function OrderContacts({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { deliveryOptionName, deliveryAddress, recipientName, recipientPhone } = order.contacts;
  const rows = [
    { label: t('orders.detail.deliveryOption'), value: deliveryOptionName },
    { label: t('orders.detail.deliveryAddress'), value: deliveryAddress },
    { label: t('orders.detail.recipient'), value: recipientName },
    { label: t('orders.detail.phone'), value: recipientPhone },
  ].filter((row): row is { label: string; value: string } => Boolean(row.value));
  return (
    <DetailCard title={t('orders.detail.contacts')}>
      {rows.length > 0 ? (
        <dl className="mt-4 flex flex-col gap-3 text-sm">
          {rows.map((row) => (
            <div key={row.label}>
              <dt className="text-slate-500">{row.label}</dt>
              <dd className="mt-0.5 font-medium break-words text-slate-900">{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-3 text-sm text-slate-500">{t('orders.detail.noDelivery')}</p>
      )}
    </DetailCard>
  );
}
