import { countedQuantity, personalAccountProviderId } from '@cutout/contracts';
import { clsx } from 'clsx';
import { CircleAlert, Coins, Info, LoaderCircle, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShoppingCart } from '../../shared/cart/cart-api.ts';
import { useFormatAmount } from '../../shared/format/use-format-amount.ts';
import { Button } from '../../shared/ui/button.tsx';
import { BonusPointsField } from './BonusPointsField.tsx';
import { PromoCodeField } from './PromoCodeField.tsx';
import { useApplyPromoCode, useWriteOffBonusPoints } from './use-cart.ts';

/**
 * The cart's promo code, bonus points and sums (SPEC §3, §9: the products before the discount,
 * delivery apart, the discount, the points written off, VAT included, the points the order
 * earns), why it cannot be checked out yet (the cart's errorReason, SPEC §8.1), and the button
 * that places the order.
 */
export function OrderSummary({
  cart,
  onCheckout,
  placing,
  busy,
  updating = false,
  invalidQuantity = false,
}: {
  cart: ShoppingCart;
  onCheckout: () => void;
  placing: boolean;
  busy: boolean;
  /** A change is on its way (or a typed quantity waits to be sent): the sums are about to change. */
  updating?: boolean;
  /** A product's typed quantity cannot be ordered: the order waits until it is corrected. */
  invalidQuantity?: boolean;
}) {
  const { t } = useTranslation();
  const formatAmount = useFormatAmount();
  const amount = (value: number) => formatAmount(value, cart.currency);
  const promo = useApplyPromoCode();
  const writeOff = useWriteOffBonusPoints();
  const selected = cart.productItems.filter((item) => item.selected);
  // The money the written-off points take off, and the points the paid order earns (SPEC §3).
  const bonusAmount = selected.reduce((total, item) => total + item.bonusPointOutcomeConverted, 0);
  const bonusIncome = selected.reduce((total, item) => total + item.bonusPointIncome, 0);
  const upgradeCredit = selected.reduce((total, item) => total + (item.upgradeCreditAmount ?? 0), 0);
  // The server's productsAmount is after the discount and the points; the summary lists them apart.
  const productsWithoutDiscount = cart.productsAmount + cart.discountAmount + bonusAmount;

  return (
    <section
      aria-labelledby="cart-summary"
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="cart-summary" className="text-lg font-semibold text-slate-900">
        {t('cart.summary.title')}
      </h2>
      <PromoCodeField cart={cart} promo={promo} />
      <BonusPointsField cart={cart} writeOff={writeOff} />
      <dl
        aria-busy={updating || undefined}
        className={clsx(
          'mt-5 flex flex-col gap-2.5 border-t border-slate-100 pt-5 text-sm transition-opacity',
          updating && 'opacity-60',
        )}
      >
        {/* The selected products: those the order takes, as their sum beside it. */}
        <Row
          label={t('cart.summary.products', {
            count: selected
              .filter((item) => item.typeId === 'shopping_cart_product_types.regular')
              .reduce((total, item) => total + countedQuantity(item), 0),
          })}
        >
          {amount(productsWithoutDiscount)}
        </Row>
        {cart.deliveryRequired && (
          <Row label={t('cart.summary.delivery')}>
            {!cart.deliveryOptionId
              ? t('cart.summary.deliveryNotChosen')
              : cart.deliveryAmount === 0
                ? t('cart.delivery.free')
                : amount(cart.deliveryAmount)}
          </Row>
        )}
        {/* An upgrade's credit is named as such: it is no discount. */}
        {cart.discountAmount - upgradeCredit > 0 && (
          <Row label={t('cart.summary.discount')} tone="discount">
            −{amount(cart.discountAmount - upgradeCredit)}
          </Row>
        )}
        {upgradeCredit > 0 && (
          <Row label={t('cart.summary.upgradeCredit')} tone="discount">
            −{amount(upgradeCredit)}
          </Row>
        )}
        {bonusAmount > 0 && (
          <Row label={t('cart.summary.bonus')} tone="discount">
            −{amount(bonusAmount)}
          </Row>
        )}
        <Row label={t('cart.summary.vat')} tone="muted">
          {amount(cart.vatAmount)}
        </Row>
        <div className="mt-2 flex items-baseline justify-between gap-4 border-t border-slate-100 pt-4">
          <dt className="text-base font-semibold text-slate-900">{t('cart.summary.total')}</dt>
          <dd className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums">
            {amount(cart.amount)}
          </dd>
        </div>
      </dl>
      {bonusIncome > 0 && (
        <p className="mt-2 flex items-center justify-end gap-1.5 text-sm font-medium text-violet-700">
          <Coins aria-hidden="true" className="size-4 shrink-0" />
          {t('cart.summary.earn', { count: bonusIncome })}
        </p>
      )}

      {updating && !invalidQuantity && (
        <p role="status" className="mt-3 flex items-center gap-2 text-sm text-slate-500">
          <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin" />
          {t('cart.summary.updating')}
        </p>
      )}
      {invalidQuantity && (
        <p
          role="status"
          className="mt-4 flex items-start gap-2.5 rounded-xl border border-rose-200 bg-rose-50 px-3.5 py-3 text-sm text-rose-700"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('cart.summary.invalidQuantity')}
        </p>
      )}
      {cart.errorReason && <ReasonNotice cart={cart} />}

      <Button
        size="lg"
        className="mt-5 w-full"
        disabled={
          Boolean(cart.errorReason) ||
          invalidQuantity ||
          placing ||
          busy ||
          promo.isPending ||
          writeOff.isPending
        }
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
      {/* How it is paid; nothing where the account is short (the notice above says what to do). */}
      {cart.errorReason !== 'cart_error_personal_account_short' && (
        <p className="mt-3 text-center text-xs text-slate-500">
          {t(
            cart.paymentOption?.providerId === personalAccountProviderId
              ? 'cart.checkout.hintPersonalAccount'
              : 'cart.checkout.hint',
          )}
        </p>
      )}
    </section>
  );
}

const rowTones = {
  plain: ['text-slate-600', 'font-medium text-slate-900 tabular-nums'],
  muted: ['text-slate-500', 'text-slate-500 tabular-nums'],
  discount: ['text-emerald-700', 'font-medium text-emerald-700 tabular-nums whitespace-nowrap'],
} as const;

function Row({
  label,
  children,
  tone = 'plain',
}: {
  label: string;
  children: ReactNode;
  tone?: keyof typeof rowTones;
}) {
  const [labelClasses, valueClasses] = rowTones[tone];
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className={labelClasses}>{label}</dt>
      <dd className={valueClasses}>{children}</dd>
    </div>
  );
}

/** Why the order cannot be placed yet: the reason is a translation key (SPEC §8.1). */
/** Why the order cannot be placed yet; the missing place named as the chosen delivery needs it. */
function ReasonNotice({ cart }: { cart: ShoppingCart }) {
  const { t } = useTranslation();
  const reason = cart.errorReason;
  if (!reason) return null;
  const key =
    reason === 'cart_error_delivery_contact_required' && cart.deliveryOption
      ? cart.deliveryOption.typeId === 'delivery_option_types.pickup'
        ? 'cart_error_pickup_point_required'
        : 'cart_error_address_required'
      : reason;
  return (
    <p
      role="status"
      className="mt-4 flex items-start gap-2.5 rounded-xl border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-800"
    >
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {t(`cart.reasons.${key}`)}
    </p>
  );
}
