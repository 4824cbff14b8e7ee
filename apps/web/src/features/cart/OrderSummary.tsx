import type { CartErrorReason } from '@cutout/contracts';
import { Info, LoaderCircle, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShoppingCart } from '../../shared/cart/cart-api.ts';
import { Button } from '../../shared/ui/button.tsx';
import { useFormatAmount } from './use-format-amount.ts';

/**
 * The cart's sums (SPEC §3, §9: delivery apart from the products, VAT included), why it cannot
 * be checked out yet (the cart's errorReason, SPEC §8.1), and the button that places the order.
 */
export function OrderSummary({
  cart,
  onCheckout,
  placing,
  busy,
}: {
  cart: ShoppingCart;
  onCheckout: () => void;
  placing: boolean;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const formatAmount = useFormatAmount();
  const amount = (value: number) => formatAmount(value, cart.currency);

  return (
    <section
      aria-labelledby="cart-summary"
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="cart-summary" className="text-lg font-semibold text-slate-900">
        {t('cart.summary.title')}
      </h2>
      <dl className="mt-4 flex flex-col gap-2.5 text-sm">
        <Row label={t('cart.summary.products', { count: cart.productCount })}>
          {amount(cart.productsAmount)}
        </Row>
        {cart.deliveryRequired && (
          <Row label={t('cart.summary.delivery')}>
            {cart.deliveryAmount === 0 && cart.deliveryOptionId
              ? t('cart.delivery.free')
              : amount(cart.deliveryAmount)}
          </Row>
        )}
        {cart.discountAmount > 0 && (
          <Row label={t('cart.summary.discount')}>−{amount(cart.discountAmount)}</Row>
        )}
        <Row label={t('cart.summary.vat')} muted>
          {amount(cart.vatAmount)}
        </Row>
        <div className="mt-2 flex items-baseline justify-between gap-4 border-t border-slate-100 pt-4">
          <dt className="text-base font-semibold text-slate-900">{t('cart.summary.total')}</dt>
          <dd className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums">
            {amount(cart.amount)}
          </dd>
        </div>
      </dl>

      {cart.errorReason && <ReasonNotice reason={cart.errorReason} />}

      <Button
        size="lg"
        className="mt-5 w-full"
        disabled={Boolean(cart.errorReason) || placing || busy}
        aria-busy={placing || undefined}
        onClick={onCheckout}
      >
        {placing ? (
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        ) : (
          <Lock aria-hidden="true" className="size-4.5" />
        )}
        {t('cart.checkout.placeOrder')}
      </Button>
      <p className="mt-3 text-center text-xs text-slate-500">{t('cart.checkout.hint')}</p>
    </section>
  );
}

function Row({ label, children, muted }: { label: string; children: ReactNode; muted?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className={muted ? 'text-slate-500' : 'text-slate-600'}>{label}</dt>
      <dd className={muted ? 'text-slate-500 tabular-nums' : 'font-medium text-slate-900 tabular-nums'}>
        {children}
      </dd>
    </div>
  );
}

/** Why the order cannot be placed yet: the reason is a translation key (SPEC §8.1). */
function ReasonNotice({ reason }: { reason: CartErrorReason }) {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      className="mt-4 flex items-start gap-2.5 rounded-xl border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-800"
    >
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {t(`cart.reasons.${reason}`)}
    </p>
  );
}
