import { clsx } from 'clsx';
import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/api-error.ts';
import { Button } from './button.tsx';
import { FormAlert } from './form.tsx';

/**
 * A record that failed to load (an order, a product, a page, a post): why, in the user's language,
 * and a button to read it again. `className` places it on its page.
 */
export function LoadFailure({
  error,
  onRetry,
  retryLabel,
  className,
}: {
  error: unknown;
  onRetry: () => void;
  retryLabel: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={clsx('flex flex-col gap-4', className)}>
      <FormAlert>{errorMessage(error, t)}</FormAlert>
      <Button variant="secondary" onClick={onRetry}>
        <RotateCw aria-hidden="true" className="size-4" />
        {retryLabel}
      </Button>
    </div>
  );
}
