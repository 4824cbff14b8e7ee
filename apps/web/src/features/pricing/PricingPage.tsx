import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAddToCart } from '../../shared/cart/use-add-to-cart.ts';
import type { ProductTradeOffer } from '../../shared/catalog/catalog-api.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { useStoreInfo } from '../../shared/store-info/store-info-context.tsx';
import { Container } from '../../shared/ui/container.tsx';
import { LitreBundles } from './LitreBundles.tsx';
import { PeriodSwitch } from './PeriodSwitch.tsx';
import type { PlanChoice } from './PlanCard.tsx';
import { PlanComparison } from './PlanComparison.tsx';
import { PlanGrid } from './PlanGrid.tsx';
import { PricingFaq } from './PricingFaq.tsx';
import { PricingHero } from './PricingHero.tsx';
import { NoPlans, PlansError, PlansSkeleton } from './PricingStates.tsx';
import { type BillingPeriod, bestSaving, billingPeriodFrom, plansFor } from './plan-pricing.ts';
import { useChangePlan, usePlans } from './use-pricing.ts';

/**
 * The pricing page (`/{lang}/pricing`, also `subscription-plans`): the plans for the period in the
 * URL (`?plan=year`), the litre bundles, the plans compared and the FAQ. Buying and upgrading go
 * through the cart; a downgrade or another period of the same plan is a plan change from the next term.
 */
export function PricingPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const period = billingPeriodFrom(searchParams.get('plan'));
  const plans = usePlans();
  const storeCurrency = useStoreInfo().currency.characterCode;
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const cart = useAddToCart();
  const changePlan = useChangePlan();
  const busy = cart.pending || changePlan.isPending;

  const choosePeriod = (next: BillingPeriod) => {
    const params = new URLSearchParams(searchParams);
    params.set('plan', next);
    setSearchParams(params, { replace: true, preventScrollReset: true });
  };

  const goToCart = () => navigate(to(paths.shoppingCart));

  const choosePlan = ({ plan, validityPeriodId, action }: PlanChoice) => {
    const subscription = plans.data?.subscription;
    if ((action === 'downgrade' || action === 'switch' || action === 'keep') && subscription) {
      const waiting =
        subscription.stateId !== 'subscription_states.cancelled' ? subscription.nextPlanName : null;
      changePlan.mutate({
        subscriptionId: subscription.id,
        planId: plan.id,
        validityPeriodId,
        replacing: action === 'keep' ? null : waiting,
      });
      return;
    }
    if (action === 'buy' || action === 'upgrade')
      cart.add({ tradeOfferId: plan.tradeOfferId, validityPeriodId }, { onAdded: goToCart });
  };

  const addBundle = (offer: ProductTradeOffer) => cart.add({ tradeOfferId: offer.id }, { onAdded: goToCart });

  const data = plans.data;
  const visible = data ? plansFor(data.subscriptionPlan.productItems, period) : [];

  return (
    <div className="bg-gradient-to-b from-violet-50 via-white to-white">
      <Container className="py-12 sm:py-16">
        <PricingHero>
          <PeriodSwitch
            value={period}
            onChange={choosePeriod}
            saving={data ? bestSaving(data.subscriptionPlan.productItems) : 0}
          />
        </PricingHero>

        <section aria-labelledby="pricing-plans" className="mt-12">
          <h2 id="pricing-plans" className="sr-only">
            {t('pricing.plans.title')}
          </h2>
          {data ? (
            visible.length > 0 ? (
              <PlanGrid
                plans={visible}
                allPlans={data.subscriptionPlan.productItems}
                options={data.subscriptionPlan.options}
                period={period}
                currency={data.subscriptionPlan.currency}
                subscription={data.subscription}
                onChoose={choosePlan}
                busy={busy}
              />
            ) : (
              <NoPlans currency={data.subscriptionPlan.currency || storeCurrency} />
            )
          ) : plans.isError ? (
            <PlansError error={plans.error} onRetry={() => void plans.refetch()} />
          ) : (
            <PlansSkeleton />
          )}
          <p className="mx-auto mt-6 max-w-2xl text-center text-sm text-slate-500">
            {t('pricing.plans.note')}
          </p>
        </section>

        <LitreBundles onAdd={addBundle} busy={busy} />
        {data && <PlanComparison plans={visible} options={data.subscriptionPlan.options} />}
        <PricingFaq />
      </Container>
    </div>
  );
}
