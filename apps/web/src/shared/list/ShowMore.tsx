import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { Pagination } from './Pagination.tsx';

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

/**
 * Under a list: "show more" while pages are left (and not while another query loads), then the page
 * numbers.
 */
export function ListPaging({
  page,
  totalPages,
  pages,
  onShowMore,
  hrefOf,
}: {
  page: number;
  totalPages: number;
  pages: { error: unknown; stale: boolean; loadingMore: boolean };
  onShowMore: () => void;
  hrefOf: (page: number) => string;
}) {
  return (
    <>
      {!pages.error && !pages.stale && (page < totalPages || pages.loadingMore) && (
        <ShowMore loading={pages.loadingMore} onShowMore={onShowMore} />
      )}
      <Pagination page={page} totalPages={totalPages} hrefOf={hrefOf} />
    </>
  );
}
