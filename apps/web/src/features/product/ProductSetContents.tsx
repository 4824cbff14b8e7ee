import type { ProductSet } from '@cutout/contracts';
import { Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';

/** What a product sold as a set holds (SPEC §3), each item linking to its own page. */
export function ProductSetContents({ set }: { set: ProductSet }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <section aria-labelledby="product-set">
      <h2 id="product-set" className="text-lg font-semibold text-slate-900">
        {t('product.set.title')}
      </h2>
      <ul className="mt-3 divide-y divide-slate-100 rounded-2xl border border-slate-200">
        {set.items.map((item) => (
          <li key={item.productId} className="flex items-center gap-3 px-4 py-3">
            <Package aria-hidden="true" className="size-4 shrink-0 text-violet-600" />
            <Link
              to={to(`/products/${encodeURIComponent(item.slugifyId)}`)}
              className="flex-1 font-medium text-slate-800 hover:text-violet-700"
            >
              {item.name}
            </Link>
            <span className="text-sm text-slate-500">
              {t('product.set.quantity', { count: item.quantity })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
