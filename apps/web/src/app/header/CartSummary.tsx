import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCartQuery } from '../../shared/cart/use-cart-query.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';

/** How many products the cart holds (delivery is not a product, SPEC §9); 0 while it loads. */
export function useCartCount(): number {
  return useCartQuery().data?.productCount ?? 0;
}

/** The header's cart summary (SPEC §2.4): the cart icon with the product count, for a signed-in user. */
export function CartSummary() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const count = useCartCount();
  return (
    <Link
      to={to(paths.shoppingCart)}
      aria-label={t('cart.summary.label', { count })}
      title={t('nav.cart')}
      className="relative inline-flex size-10 items-center justify-center rounded-xl text-slate-600 transition hover:bg-slate-100 hover:text-slate-900"
    >
      <ShoppingCart aria-hidden="true" className="size-5" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0.5 inline-flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-violet-600 px-1 text-[11px] leading-none font-semibold text-white tabular-nums ring-2 ring-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
