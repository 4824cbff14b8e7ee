import { type Order, type PaymentOption, personalAccountProviderId } from '@cutout/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { CreditCard, LoaderCircle } from 'lucide-react';
import { type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/api-error.ts';
import { useFormatAmount } from '../../shared/format/use-format-amount.ts';
import { ordersApi } from '../../shared/orders/orders-api.ts';
import { usePersonalAccountNote } from '../../shared/payments/personal-account-note.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { useToast } from '../../shared/ui/toast-context.tsx';
import { defaultPaymentOption, paymentOptionsFor, usePayOrder } from './use-order-actions.ts';

const paymentOptionsKey = ['orders', 'paymentOptions'] as const;

/**
 * Pays an unpaid order. With one payment option it goes straight to it; with several the buyer
 * picks one, the order's own chosen first.
 */
export function PayOrderButton({ order }: { order: Order }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const pay = usePayOrder(order);
  const [choice, setChoice] = useState<{ options: PaymentOption[]; selected: string } | null>(null);
  const [loadingOptions, setLoadingOptions] = useState(false);
  const busy = loadingOptions || pay.isPending;
  // Set before anything is asked of the server, so that a second click landing before React has
  // re-rendered the button disabled (a double-click) sends nothing: an order is paid once.
  const starting = useRef(false);
  const paying = useRef(false);
  // Disabled while the payment options load, the button has lost the focus by the time the
  // dialog opens: the dialog is told where to give it back.
  const button = useRef<HTMLButtonElement>(null);

  function submit(paymentOptionId: string, onSettled?: () => void) {
    if (paying.current) return;
    paying.current = true;
    pay.mutate(paymentOptionId, {
      onSettled: () => {
        paying.current = false;
        onSettled?.();
      },
    });
  }

  async function start() {
    if (starting.current || paying.current) return;
    starting.current = true;
    setLoadingOptions(true);
    try {
      const all = await queryClient.fetchQuery({
        queryKey: paymentOptionsKey,
        queryFn: ordersApi.paymentOptions,
        staleTime: 60_000,
      });
      const options = paymentOptionsFor(order, all);
      const selected = defaultPaymentOption(order, options);
      if (!selected) toast.error(t('orders.pay.noOptions'));
      else if (options.length === 1) submit(selected);
      else setChoice({ options, selected });
    } catch (failure) {
      toast.error(errorMessage(failure, t));
    } finally {
      starting.current = false;
      setLoadingOptions(false);
    }
  }

  return (
    <>
      <Button
        ref={button}
        size="sm"
        onClick={() => void start()}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <CreditCard aria-hidden="true" className="size-4" />
        )}
        {t('orders.actions.pay')}
      </Button>
      {choice && (
        <PaymentOptionDialog
          order={order}
          options={choice.options}
          selected={choice.selected}
          onSelect={(selected) => setChoice({ ...choice, selected })}
          pending={pay.isPending}
          onSubmit={() => submit(choice.selected, () => setChoice(null))}
          onClose={() => setChoice(null)}
          returnFocusTo={button}
        />
      )}
    </>
  );
}

function PaymentOptionDialog({
  order,
  options,
  selected,
  onSelect,
  pending,
  onSubmit,
  onClose,
  returnFocusTo,
}: {
  order: Order;
  options: PaymentOption[];
  selected: string;
  onSelect: (id: string) => void;
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  const formatMoney = useFormatAmount();
  // The personal account shows its balance, and cannot be chosen to pay more than it holds.
  const account = usePersonalAccountNote({
    paymentOptions: options,
    amount: order.amount,
    currency: order.currency,
  });
  const accountChosen = options.some(
    (option) => option.id === selected && option.providerId === personalAccountProviderId,
  );
  const blocked = accountChosen && account.short;
  return (
    <Modal
      title={t('orders.pay.title', { name: order.defaultName })}
      description={t('orders.pay.text', { amount: formatMoney(order.amount, order.currency) })}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!blocked) onSubmit();
        }}
      >
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t('orders.pay.options')}</legend>
          <div className="flex flex-col gap-2">
            {options.map((option) => (
              <label
                key={option.id}
                className={clsx(
                  'flex cursor-pointer items-start gap-3 rounded-2xl border p-4 transition',
                  option.id === selected
                    ? 'border-violet-400 bg-violet-50/60 ring-2 ring-violet-100'
                    : 'border-slate-200 hover:border-slate-300',
                )}
              >
                <input
                  type="radio"
                  name="paymentOption"
                  value={option.id}
                  checked={option.id === selected}
                  onChange={() => onSelect(option.id)}
                  className="mt-1 size-4 accent-violet-600"
                />
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">{option.name}</span>
                  <OptionNote text={account.describe(option)} />
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('orders.pay.close')}
          </Button>
          <Button type="submit" disabled={pending || blocked} aria-busy={pending || undefined}>
            {pending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
            {t('orders.pay.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function OptionNote({ text }: { text: string | null | undefined }) {
  return text ? <span className="mt-0.5 block text-sm text-slate-500">{text}</span> : null;
}
