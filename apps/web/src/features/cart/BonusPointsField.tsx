import { Coins, LoaderCircle } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShoppingCart } from '../../shared/cart/cart-api.ts';
import { uiConstants } from '../../shared/constants.ts';
import { useFormatAmount } from '../../shared/format/use-format-amount.ts';
import { TextField } from '../../shared/ui/form.tsx';
import type { useWriteOffBonusPoints } from './use-cart.ts';

type WriteOff = ReturnType<typeof useWriteOffBonusPoints>;

/** The most points the cart may take (SPEC §9): the smaller of the balance and the selected items' limits. */
export function bonusOutcomeMaximum(cart: ShoppingCart): number {
  const limits = cart.productItems.reduce(
    (total, item) => total + (item.selected ? item.bonusPointOutcomeLimit : 0),
    0,
  );
  return Math.max(0, Math.min(cart.bonusPointBalance, limits));
}

/**
 * The cart's bonus points (SPEC §3, §4, §9), for a user who has some or has written some off: the
 * balance, the points to write off (sent a second after the last keystroke, never above the
 * maximum) and the write-all toggle, which writes off the maximum and locks the amount while on;
 * turning it off writes 0. The cart's answer is what the field shows once it comes.
 */
export function BonusPointsField({ cart, writeOff }: { cart: ShoppingCart; writeOff: WriteOff }) {
  if (cart.bonusPointBalance <= 0 && cart.bonusPointOutcome <= 0) return null;
  return <BonusPoints cart={cart} writeOff={writeOff} />;
}

function BonusPoints({ cart, writeOff }: { cart: ShoppingCart; writeOff: WriteOff }) {
  const { t } = useTranslation();
  const formatAmount = useFormatAmount();
  const headingId = useId();
  const switchId = useId();
  const applied = cart.bonusPointOutcome;
  const maximum = bonusOutcomeMaximum(cart);
  // Whether the toggle is on: kept by the field, first guessed from the cart (all it could take).
  const [all, setAll] = useState(() => applied > 0 && applied >= maximum);
  // What the buyer typed and the cart has not answered yet; null: the cart's own value.
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? String(applied);
  const typed = shown === '' ? 0 : Number(shown);

  /** Sends the points; the field follows the cart again once answered, unless typed over since. */
  const send = (points: number, sent: string, onError?: () => void) =>
    writeOff.mutate(points, {
      onSettled: () => setDraft((current) => (current === sent ? null : current)),
      onError,
    });

  const sendTyped = useEffectEvent((value: string, points: number) => send(Math.min(points, maximum), value));
  useEffect(() => {
    if (draft === null || all || typed === applied) return;
    const timer = setTimeout(() => sendTyped(draft, typed), uiConstants.cartBonusDebounceMs);
    return () => clearTimeout(timer);
  }, [draft, typed, applied, all]);

  // While the toggle is on, a maximum that grows (another item selected) is written off too; the
  // server lowers the points itself when it shrinks. Each maximum is asked for once.
  const followed = useRef(maximum);
  const followMaximum = useEffectEvent((points: number) => {
    if (writeOff.isPending || points === followed.current) return;
    followed.current = points;
    send(points, String(points));
  });
  useEffect(() => {
    if (all && maximum !== applied) followMaximum(maximum);
  }, [all, maximum, applied]);

  const toggle = (on: boolean) => {
    const was = all;
    const points = on ? maximum : 0;
    setAll(on);
    followed.current = maximum;
    if (points === applied) {
      setDraft(null);
      return;
    }
    const sent = String(points);
    setDraft(sent);
    send(points, sent, () => setAll(was));
  };

  const type = (value: string) => {
    const digits = value.replace(/\D/g, '');
    setDraft(digits === '' ? '' : String(Math.min(Number(digits), maximum)));
  };

  // What a point is worth, from an item that takes some (its limit's money over its points).
  const rated = cart.productItems.find((item) => item.bonusPointOutcomeLimit > 0);
  const rate = rated ? rated.bonusPointOutcomeLimitConverted / rated.bonusPointOutcomeLimit : 0;

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={writeOff.isPending || undefined}
      className="mt-4 flex flex-col gap-3 border-t border-slate-100 pt-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={headingId} className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
          <Coins aria-hidden="true" className="size-4 shrink-0 self-center text-violet-600" />
          {t('cart.bonus.title')}
        </h3>
        <p className="text-sm text-slate-500 tabular-nums">
          {t('cart.bonus.balance', { count: cart.bonusPointBalance })}
        </p>
      </div>
      <TextField
        label={t('cart.bonus.label')}
        value={shown}
        onChange={type}
        onBlur={() => {
          if (draft === '' && applied === 0) setDraft(null);
        }}
        disabled={all || (maximum === 0 && applied === 0)}
        inputMode="numeric"
        autoComplete="off"
        maxLength={9}
        hint={rate > 0 ? t('cart.bonus.rate', { money: formatAmount(rate, cart.currency) }) : undefined}
        inside={
          writeOff.isPending ? (
            <LoaderCircle aria-hidden="true" className="mr-2.5 size-4 animate-spin text-slate-400" />
          ) : undefined
        }
      />
      <div className="flex items-center justify-between gap-4">
        <label htmlFor={switchId} className="cursor-pointer text-sm font-medium text-slate-700">
          {t('cart.bonus.useMaximum', { points: maximum })}
        </label>
        <span className="relative inline-flex shrink-0">
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            checked={all}
            aria-checked={all}
            disabled={!all && maximum === 0}
            onChange={(event) => toggle(event.target.checked)}
            className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed"
          />
          <span
            aria-hidden="true"
            className="h-6 w-11 rounded-full bg-slate-200 transition peer-checked:bg-violet-600 peer-focus-visible:ring-4 peer-focus-visible:ring-violet-100 peer-disabled:opacity-50"
          />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition peer-checked:translate-x-5"
          />
        </span>
      </div>
    </section>
  );
}
