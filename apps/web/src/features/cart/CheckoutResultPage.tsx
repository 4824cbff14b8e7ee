import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, PackageCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isTopUpReturn } from '../../shared/payments/checkout-urls.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { orderPath, paths } from '../../shared/routing/paths.ts';
import { ButtonLink } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/container.tsx';

export type CheckoutOutcome = 'paid' | 'success' | 'failure';

const looks = {
  paid: { icon: CircleCheck, tone: 'bg-emerald-50 text-emerald-600' },
  success: { icon: PackageCheck, tone: 'bg-violet-50 text-violet-600' },
  failure: { icon: CircleAlert, tone: 'bg-rose-50 text-rose-600' },
  cancelled: { icon: CircleAlert, tone: 'bg-amber-50 text-amber-600' },
} as const;

/**
 * How a checkout ended (SPEC §2.1, §8.1): paid, placed without payment yet, or failed. Each leads
 * to its order when the address names it (`?order=`: the checkout's and the payment's answers do),
 * else to the orders list (where a failed order can be paid again), and back to the catalogue.
 */
export function CheckoutResultPage({ outcome }: { outcome: CheckoutOutcome }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const [query] = useSearchParams();
  const orderId = query.get('order');
  const failed = outcome === 'failure';
  // The provider's cancel link comes back here with its payment and no order (a decline comes
  // through the validate page, which names the order): the buyer gave up, nothing went wrong.
  const shown = failed && query.has('payment') && !orderId ? 'cancelled' : outcome;
  const { icon: Icon, tone } = looks[shown];
  // A top-up leads back to the personal account it was to fill, not to the catalogue.
  const back = isTopUpReturn(query)
    ? { to: paths.personalAccount, label: t('cart.result.personalAccount') }
    : { to: paths.catalog, label: t('cart.result.catalog') };
  const ordersLink = orderId
    ? { to: orderPath(orderId), label: t(failed ? 'cart.result.payOrder' : 'cart.result.openOrder') }
    : { to: paths.userOrders, label: t(failed ? 'cart.result.payAgain' : 'cart.result.orders') };
  return (
    <div className="bg-slate-50/70">
      <Container className="flex justify-center py-14 sm:py-20">
        <section className="flex w-full max-w-xl flex-col items-center rounded-3xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm sm:px-12">
          <span className={clsx('inline-flex size-16 items-center justify-center rounded-2xl', tone)}>
            <Icon aria-hidden="true" className="size-8" />
          </span>
          <h1 className="mt-6 text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
            {t(`cart.result.${shown}.title`)}
          </h1>
          <p className="mt-3 max-w-md text-slate-600">{t(`cart.result.${shown}.text`)}</p>
          <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <ButtonLink to={to(ordersLink.to)} size="lg">
              {ordersLink.label}
            </ButtonLink>
            <ButtonLink to={to(back.to)} size="lg" variant="secondary">
              {back.label}
            </ButtonLink>
          </div>
        </section>
      </Container>
    </div>
  );
}
