import { ShoppingBag } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { errorMessage } from '../../shared/api/api-error.ts';
import type { ShoppingCart } from '../../shared/cart/cart-api.ts';
import { useCartQuery } from '../../shared/cart/use-cart-query.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { useIsAuthorised } from '../../shared/session/session.ts';
import { Button, ButtonLink } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/container.tsx';
import { FormAlert } from '../../shared/ui/form.tsx';
import { PageHeading } from '../../shared/ui/page-heading.tsx';
import { AwaitingPaymentNotice } from './AwaitingPaymentNotice.tsx';
import { CartItems } from './CartItems.tsx';
import { CheckoutStep } from './ChoiceList.tsx';
import { ContactSetChoice } from './ContactSetChoice.tsx';
import { DeliveryChoice } from './DeliveryChoice.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { PaymentChoice } from './PaymentChoice.tsx';
import { QuantityDraftsContext, useQuantityDrafts } from './quantity-drafts.ts';
import { useUpdateCart } from './use-cart.ts';
import { useCheckout } from './use-checkout.ts';

/**
 * The shopping cart (`/{lang}/shopping-cart`), for signed-in users only: a visitor goes to the
 * root of the locale (SPEC §2.2). The products, then the delivery, recipient and payment choices
 * the order needs, and the summary that places it.
 */
export function CartPage() {
  const to = useLocalizedPath();
  const authorised = useIsAuthorised();
  if (!authorised) return <Navigate to={to(paths.main)} replace />;
  return <CartScreen />;
}

function CartScreen() {
  const { t } = useTranslation();
  const cart = useCartQuery();

  return (
    <div className="bg-slate-50/70">
      <Container className="py-10 sm:py-14">
        <PageHeading
          title={t('cart.title')}
          subtitle={cart.data && cart.data.productItems.length > 0 ? t('cart.subtitle') : undefined}
        />
        <div className="mt-8">
          {cart.data ? (
            regularItems(cart.data).length > 0 ? (
              <FilledCart cart={cart.data} />
            ) : (
              <>
                <AwaitingPaymentNotice />
                <EmptyCart />
              </>
            )
          ) : cart.isError ? (
            <div className="flex max-w-xl flex-col items-start gap-4">
              <FormAlert>{errorMessage(cart.error, t)}</FormAlert>
              <Button variant="secondary" onClick={() => void cart.refetch()}>
                {t('cart.retry')}
              </Button>
            </div>
          ) : (
            <CartSkeleton />
          )}
        </div>
      </Container>
    </div>
  );
}

const regularItems = (cart: ShoppingCart) =>
  cart.productItems.filter((item) => item.typeId === 'shopping_cart_product_types.regular');

function FilledCart({ cart }: { cart: ShoppingCart }) {
  const { t } = useTranslation();
  const update = useUpdateCart();
  const checkout = useCheckout();
  const busy = update.isPending;
  // The provider's page is loading: the button stays busy until the browser has left.
  const leaving = checkout.isSuccess && checkout.data.paymentRequired && Boolean(checkout.data.formUrl);
  const drafts = useQuantityDrafts();
  const [sendingDrafts, setSendingDrafts] = useState(false);
  // Set at the click, before any re-render disables the button: one click, one order.
  const placing = useRef(false);

  // A quantity typed less than a second ago goes out first, and the order is placed with the
  // cart that answers it, so that it is never placed with the quantity the cart held before.
  async function placeOrder() {
    if (placing.current || drafts.invalid) return;
    placing.current = true;
    let current = cart;
    const changes = drafts.flush();
    if (changes.length > 0) {
      setSendingDrafts(true);
      try {
        current = await update.mutateAsync({ productItems: changes });
      } catch {
        // Told and fetched again by the update itself; the buyer checks the cart again.
        placing.current = false;
        return;
      } finally {
        setSendingDrafts(false);
      }
      if (current.errorReason) {
        placing.current = false;
        return;
      }
    }
    checkout.mutate(current, {
      onSettled: () => {
        placing.current = false;
      },
    });
  }

  return (
    <QuantityDraftsContext value={drafts}>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] xl:gap-8">
        <div className="flex min-w-0 flex-col gap-6">
          <CartItems
            items={regularItems(cart)}
            currency={cart.currency}
            onChange={(change) => update.mutate({ productItems: [change] })}
            onSelectAll={(selected) => update.mutate({ selectAll: selected })}
          />
          {cart.deliveryRequired && (
            <DeliveryChoice cart={cart} update={(request) => update.mutate(request)} busy={busy} />
          )}
          {cart.recipientRequired && (
            <CheckoutStep id="cart-recipient" title={t('cart.contacts.recipient.title')}>
              <ContactSetChoice
                typeId="partner_contact_set_types.recipient"
                chooseFor="recipient"
                value={cart.recipientContactSetId}
                onChange={(id) => update.mutate({ recipientContactSetId: id })}
                disabled={busy}
              />
            </CheckoutStep>
          )}
          <PaymentChoice cart={cart} update={(request) => update.mutate(request)} busy={busy} />
        </div>
        <div className="lg:sticky lg:top-24">
          <OrderSummary
            cart={cart}
            busy={busy}
            placing={sendingDrafts || checkout.isPending || leaving}
            updating={busy || drafts.pending}
            invalidQuantity={drafts.invalid}
            onCheckout={() => void placeOrder()}
          />
        </div>
      </div>
    </QuantityDraftsContext>
  );
}

/** The cart's delivery lines, apart from the products (SPEC §9), with a shop for a pickup. */
function EmptyCart() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <section className="flex flex-col items-center rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-violet-50 text-violet-600">
        <ShoppingBag aria-hidden="true" className="size-7" />
      </span>
      <h2 className="mt-4 text-xl font-semibold text-slate-900">{t('cart.empty.title')}</h2>
      <p className="mt-2 max-w-md text-slate-600">{t('cart.empty.text')}</p>
      <ButtonLink to={to(paths.catalog)} className="mt-6">
        {t('cart.empty.action')}
      </ButtonLink>
    </section>
  );
}

function CartSkeleton() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-busy="true"
      className="grid animate-pulse gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]"
    >
      <span className="sr-only">{t('cart.loading')}</span>
      <div className="flex flex-col gap-6">
        <div className="h-72 rounded-3xl bg-slate-200/60" />
        <div className="h-40 rounded-3xl bg-slate-200/60" />
      </div>
      <div className="h-80 rounded-3xl bg-slate-200/60" />
    </div>
  );
}
