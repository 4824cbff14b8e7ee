import { type LitreSource, litreSources } from '@cutout/contracts';
import { Droplet, Gift, Layers, type LucideIcon, Package, Sparkles, Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../shared/format/use-format-date.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { ButtonLink } from '../../shared/ui/button.tsx';
import { Card } from './Card.tsx';
import { CardError, CardSkeleton } from './CardLoadState.tsx';
import { type LitreSummary, useLitreSummary } from './subscription-api.ts';

const sourceIcons: Record<LitreSource, LucideIcon> = {
  free: Gift,
  plan: Sparkles,
  bundle: Package,
  code: Ticket,
  other: Layers,
};

interface SourceGroup {
  source: LitreSource;
  quantity: number;
  /** Sooner first; null (never) last. */
  expiries: { expiresAt: string | null; quantity: number }[];
}

/** The lots summed by source, in the order of `litreSources`, and within a source by expiry. */
export function groupLots(lots: LitreSummary['lots']): SourceGroup[] {
  return litreSources.flatMap((source) => {
    const byExpiry = new Map<string | null, number>();
    for (const lot of lots)
      if (lot.source === source)
        byExpiry.set(lot.expiresAt, (byExpiry.get(lot.expiresAt) ?? 0) + lot.quantity);
    if (byExpiry.size === 0) return [];
    const expiries = [...byExpiry]
      .map(([expiresAt, quantity]) => ({ expiresAt, quantity }))
      .sort((a, b) =>
        a.expiresAt === null ? 1 : b.expiresAt === null ? -1 : a.expiresAt.localeCompare(b.expiresAt),
      );
    return [{ source, quantity: expiries.reduce((sum, item) => sum + item.quantity, 0), expiries }];
  });
}

/** The litres that count now: the total, and where they came from with when they expire. */
export function LitresCard() {
  const { t } = useTranslation();
  const summary = useLitreSummary();
  return (
    <Card title={t('accountPlans.litres.title')} description={t('accountPlans.litres.text')}>
      {summary.isPending ? (
        <CardSkeleton label={t('accountPlans.loading')} />
      ) : summary.isError ? (
        <CardError error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <LitreDetails summary={summary.data} />
      )}
    </Card>
  );
}

function LitreDetails({ summary }: { summary: LitreSummary }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const formatDate = useFormatDate();
  const groups = groupLots(summary.lots);
  const expiryText = (expiresAt: string | null) =>
    expiresAt
      ? t('accountPlans.litres.until', { date: formatDate(expiresAt) })
      : t('accountPlans.litres.never');
  return (
    <div>
      <div className="flex flex-col gap-4 rounded-2xl bg-violet-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="flex items-center gap-2 text-sm font-medium text-violet-900">
            <Droplet aria-hidden="true" className="size-4 text-violet-600" />
            {t('accountPlans.litres.total')}
          </p>
          <p className="mt-1 text-2xl font-bold text-slate-900">
            {t('litres.short', { count: summary.total })}
          </p>
        </div>
        <ButtonLink to={to(paths.pricing)} size="sm" className="shrink-0">
          {t('accountPlans.litres.buy')}
        </ButtonLink>
      </div>

      {groups.length === 0 ? (
        <p className="mt-5 text-sm text-slate-500">{t('accountPlans.litres.empty')}</p>
      ) : (
        <ul aria-label={t('accountPlans.litres.bySource')} className="mt-4 divide-y divide-slate-100">
          {groups.map((group) => {
            const Icon = sourceIcons[group.source];
            return (
              <li key={group.source} className="flex items-start gap-3 py-3.5">
                <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-slate-50 text-slate-600">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">
                    {t(`accountPlans.litres.sources.${group.source}`)}
                  </p>
                  {group.expiries.length === 1 ? (
                    <p className="text-sm text-slate-500">
                      {expiryText(group.expiries[0]?.expiresAt ?? null)}
                    </p>
                  ) : (
                    <ul className="text-sm text-slate-500">
                      {group.expiries.map((item) => (
                        <li key={item.expiresAt ?? 'never'}>
                          {t('litres.short', { count: item.quantity })} {expiryText(item.expiresAt)}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
                <p className="shrink-0 font-semibold text-slate-900 tabular-nums">
                  {t('litres.short', { count: group.quantity })}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
