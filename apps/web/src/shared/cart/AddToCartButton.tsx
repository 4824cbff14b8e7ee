import { clsx } from 'clsx';
import { LoaderCircle, ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { type CartAddition, useAddToCart } from './use-add-to-cart.ts';

/**
 * "Add to cart": a full button on the product page, a compact one on a catalogue card. When
 * nothing is left to sell it reads 'Out of stock.' and cannot be pressed.
 */
export function AddToCartButton({
  addition,
  outOfStock = false,
  disabled = false,
  compact = false,
  name,
  className,
}: {
  addition: CartAddition;
  outOfStock?: boolean;
  /** Not pressable for a reason the page shows (an amount that is not one). */
  disabled?: boolean;
  compact?: boolean;
  /** The product's name, for the compact button's accessible name. */
  name?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const { add, pending } = useAddToCart();
  const label = outOfStock ? t('cart.add.outOfStock') : t('cart.add.action');
  const Icon = pending ? LoaderCircle : ShoppingCart;
  return (
    <Button
      variant={compact ? 'secondary' : 'primary'}
      size={compact ? 'sm' : 'lg'}
      // Not disabled while adding: a disabled button drops the keyboard's focus to the page; a
      // second click meanwhile is let go instead.
      disabled={outOfStock || disabled}
      aria-busy={pending || undefined}
      aria-label={compact && name && !outOfStock ? t('cart.add.actionFor', { name }) : undefined}
      onClick={() => {
        if (!pending) add(addition);
      }}
      className={clsx(compact && 'relative z-10', className)}
    >
      <Icon aria-hidden="true" className={clsx(compact ? 'size-4' : 'size-5', pending && 'animate-spin')} />
      {label}
    </Button>
  );
}
