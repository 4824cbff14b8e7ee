import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';

/** Appends the next page under those shown (SPEC §2.2). */
export function ShowMore({ loading, onShowMore }: { loading: boolean; onShowMore: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-center">
      <Button
        variant="secondary"
        size="lg"
        onClick={onShowMore}
        disabled={loading}
        aria-busy={loading || undefined}
        className="min-w-56"
      >
        {loading && <LoaderCircle aria-hidden="true" className="size-4.5 animate-spin" />}
        {t('catalog.pagination.showMore')}
      </Button>
    </div>
  );
}
