import { fractionDigits } from '@cutout/contracts';
import { clsx } from 'clsx';
import { useFormatAmount } from '../format/use-format-amount.ts';
import { quickTopUps } from './top-up.ts';

/** The one-click top-up amounts of a currency; `chosen` (minor units) is marked. */
export function QuickAmounts({
  currency,
  chosen,
  onChoose,
}: {
  currency: string;
  chosen: number | null;
  onChoose: (amountMinor: number) => void;
}) {
  const format = useFormatAmount();
  const scale = 10 ** fractionDigits(currency);
  return (
    <div className="flex flex-wrap gap-2">
      {quickTopUps(currency).map((units) => (
        <button
          key={units}
          type="button"
          aria-pressed={chosen === units * scale}
          onClick={() => onChoose(units * scale)}
          className={clsx(
            'rounded-full border px-3 py-1.5 text-sm font-medium transition',
            chosen === units * scale
              ? 'border-violet-500 bg-violet-50 text-violet-700'
              : 'border-slate-200 bg-white text-slate-700 hover:border-violet-300',
          )}
        >
          {format(units * scale, currency)}
        </button>
      ))}
    </div>
  );
}
