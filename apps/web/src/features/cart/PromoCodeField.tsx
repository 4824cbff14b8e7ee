import { CircleAlert, LoaderCircle, TicketPercent, X } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/api-error.ts';
import type { ShoppingCart } from '../../shared/cart/cart-api.ts';
import { useFormatAmount } from '../../shared/format/use-format-amount.ts';
import { useFocusInvalid } from '../../shared/forms/use-focus-invalid.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/form.tsx';
import type { useApplyPromoCode } from './use-cart.ts';

/**
 * The cart's promo code: a field that applies one (Enter or Apply; the server's refusal under it,
 * the typed text kept), and the applied code as a chip that removes it. A code that no longer
 * applies stays as a chip beside the field, so that the buyer can remove it or type another.
 */
export function PromoCodeField({
  cart,
  promo,
}: {
  cart: ShoppingCart;
  promo: ReturnType<typeof useApplyPromoCode>;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const applied = cart.couponCodePrompt;
  const stale = cart.errorReason === 'cart_error_promo_code_invalid';
  const applying = promo.isPending && promo.variables !== '';
  const removing = promo.isPending && promo.variables === '';
  const showField = !applied || stale;

  // Applying hides the field and removing hides the chip, each with the focus in it: the keyboard
  // follows to what takes their place once the cart shows the change.
  const root = useRef<HTMLDivElement>(null);
  const focusNext = useRef<'field' | 'chip' | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: run when the cart shows the change, not on every render.
  useEffect(() => {
    const next = focusNext.current;
    if (!next || !root.current) return;
    focusNext.current = null;
    root.current.querySelector<HTMLElement>(next === 'field' ? 'input' : 'button[data-remove-code]')?.focus();
  }, [applied, showField]);

  const send = (code: string) => {
    setError(null);
    promo.mutate(code, {
      onSuccess: () => {
        setDraft('');
        focusNext.current = code ? 'chip' : 'field';
      },
      onError: (refusal) => {
        setError(errorMessage(refusal, t));
        // Into the field the refusal describes; while the field is hidden (a code applied) the
        // message beside the chip is an alert.
        focusInvalid();
      },
    });
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const code = draft.trim();
    if (code && !promo.isPending) send(code);
  };

  return (
    <div ref={root} className="mt-4 flex flex-col gap-3">
      {showField && (
        <form ref={formRef} onSubmit={apply} noValidate>
          <TextField
            label={t('cart.promo.label')}
            value={draft}
            onChange={(value) => {
              setDraft(value);
              setError(null);
            }}
            error={error ?? undefined}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={100}
            placeholder={t('cart.promo.placeholder')}
            aside={
              <Button
                type="submit"
                variant="secondary"
                disabled={promo.isPending}
                aria-busy={applying || undefined}
              >
                {applying && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
                {t('cart.promo.apply')}
              </Button>
            }
          />
        </form>
      )}
      {applied && (
        <AppliedCode cart={cart} code={applied} stale={stale} removing={removing} onRemove={send} />
      )}
      {!showField && error && (
        <p role="alert" className="flex items-start gap-1.5 text-sm text-rose-600">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      )}
    </div>
  );
}

function AppliedCode({
  cart,
  code,
  stale,
  removing,
  onRemove,
}: {
  cart: ShoppingCart;
  code: string;
  stale: boolean;
  removing: boolean;
  onRemove: (code: '') => void;
}) {
  const { t } = useTranslation();
  const off = useDiscountText(cart);
  return (
    <p
      className={
        stale
          ? 'inline-flex max-w-full items-center gap-2 self-start rounded-full border border-amber-200 bg-amber-50 py-1 pr-1 pl-3 text-sm text-amber-800'
          : 'inline-flex max-w-full items-center gap-2 self-start rounded-full border border-emerald-200 bg-emerald-50 py-1 pr-1 pl-3 text-sm text-emerald-800'
      }
    >
      <TicketPercent aria-hidden="true" className="size-4 shrink-0" />
      <span className="sr-only">{t('cart.promo.applied')}: </span>
      <span className="truncate font-semibold tracking-wide">{code}</span>
      {off && !stale && <span className="font-medium whitespace-nowrap tabular-nums">{off}</span>}
      <button
        type="button"
        data-remove-code
        onClick={() => onRemove('')}
        disabled={removing}
        aria-busy={removing || undefined}
        aria-label={t('cart.promo.remove', { code })}
        title={t('cart.promo.removeShort')}
        className="inline-flex size-7 shrink-0 items-center justify-center rounded-full transition hover:bg-white/80 disabled:opacity-50"
      >
        {removing ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <X aria-hidden="true" className="size-4" />
        )}
      </button>
    </p>
  );
}

/**
 * What the code takes off: its percent when every discounted line has the same one (a percent
 * code), else the amount (a fixed code split over the lines).
 */
function useDiscountText(cart: ShoppingCart): string | null {
  const { t } = useTranslation();
  const formatAmount = useFormatAmount();
  if (cart.discountAmount <= 0) return null;
  const percents = new Set(
    cart.productItems.filter((item) => item.autoDiscountAmount > 0).map((item) => item.autoDiscountPercent),
  );
  const [percent] = percents;
  return percents.size === 1 && percent
    ? t('cart.promo.percentOff', { percent })
    : `−${formatAmount(cart.discountAmount, cart.currency)}`;
}
