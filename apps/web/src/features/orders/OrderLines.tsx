import { type Order, shownLine } from '@cutout/contracts';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatAmount } from '../../shared/format/use-format-amount.ts';
import { DetailCard } from './DetailCard.tsx';
import { lineName, productLines } from './order-products.ts';

/** What was bought, as it was at checkout, and the totals (VAT included in the prices). */
export function OrderLines({ order }: { order: Order }) {
  const { t } = useTranslation();
  const formatMoney = useFormatAmount();
  const money = (minor: number) => formatMoney(minor, order.currency);
  const lines = productLines(order);
  const hasDelivery = order.productItems.length > lines.length || Boolean(order.contacts.deliveryOptionName);
  const head = 'py-3 text-xs font-medium tracking-wide text-slate-400 uppercase';

  return (
    <DetailCard title={t('orders.detail.products')}>
      <table className="mt-2 w-full text-sm">
        <thead className="border-b border-slate-100">
          <tr>
            <th scope="col" className={clsx(head, 'text-left')}>
              {t('orders.detail.product')}
            </th>
            <th scope="col" className={clsx(head, 'hidden px-3 text-right sm:table-cell')}>
              {t('orders.detail.price')}
            </th>
            <th scope="col" className={clsx(head, 'hidden px-3 text-right sm:table-cell')}>
              {t('orders.detail.quantity')}
            </th>
            <th scope="col" className={clsx(head, 'text-right')}>
              {t('orders.detail.amount')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {lines
            .map((item) => ({ item, shown: shownLine(item) }))
            .map(({ item, shown }) => (
              <tr key={item.id}>
                <td className="py-4 pr-3 align-top">
                  <span className="block font-medium text-slate-900">{lineName(item)}</span>
                  <span className="mt-0.5 block text-slate-500 sm:hidden">
                    {t('orders.detail.lineSummary', { quantity: shown.quantity, price: money(shown.price) })}
                  </span>
                </td>
                <td className="hidden px-3 py-4 text-right align-top whitespace-nowrap text-slate-600 sm:table-cell">
                  {money(shown.price)}
                </td>
                <td className="hidden px-3 py-4 text-right align-top text-slate-600 sm:table-cell">
                  {shown.quantity}
                </td>
                <td className="py-4 text-right align-top whitespace-nowrap">
                  {/* A discount took part of the line: what it was before, crossed out, as in the cart. */}
                  {shown.price * shown.quantity > item.amount && (
                    <span className="block text-xs text-slate-400">
                      <span className="sr-only">{t('orders.detail.beforeDiscount')}: </span>
                      <s>{money(shown.price * shown.quantity)}</s>
                    </span>
                  )}
                  <span className="font-semibold text-slate-900">{money(item.amount)}</span>
                </td>
              </tr>
            ))}
        </tbody>
      </table>
      <dl className="mt-2 flex flex-col gap-2 border-t border-slate-100 pt-4 text-sm">
        <TotalRow label={t('orders.detail.subtotal')}>
          {money(order.amountWithoutDiscount - order.deliveryAmount)}
        </TotalRow>
        {order.discountAmount - order.upgradeCreditAmount > 0 && (
          <TotalRow label={t('orders.detail.discount')}>
            −{money(order.discountAmount - order.upgradeCreditAmount)}
          </TotalRow>
        )}
        {order.upgradeCreditAmount > 0 && (
          <TotalRow label={t('orders.detail.upgradeCredit')}>−{money(order.upgradeCreditAmount)}</TotalRow>
        )}
        {/* Named without an amount: the discount may also hold bonus points' money. */}
        {order.promoCode && <TotalRow label={t('orders.detail.promoCode')}>{order.promoCode}</TotalRow>}
        {hasDelivery && (
          <TotalRow label={t('orders.detail.delivery')}>
            {order.deliveryAmount > 0 ? money(order.deliveryAmount) : t('orders.detail.free')}
          </TotalRow>
        )}
        <div className="mt-2 flex items-baseline justify-between gap-4 border-t border-slate-100 pt-4">
          <dt className="text-base font-semibold text-slate-900">{t('orders.detail.total')}</dt>
          <dd className="text-2xl font-bold tracking-tight text-slate-900">{money(order.amount)}</dd>
        </div>
        <p className="text-right text-xs text-slate-500">
          {t('orders.detail.vatIncluded', { amount: money(order.vatAmount) })}
        </p>
      </dl>
    </DetailCard>
  );
}

function TotalRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}
