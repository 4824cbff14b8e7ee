import { clsx } from 'clsx';
import { useLanguage } from '../../shared/routing/language-context.tsx';
import { type FeatureGroup, type FeatureItem, localizedText } from './product-offer.ts';
import { useFormatMoney } from './use-format-money.ts';

/**
 * The options of each feature as a group of radio buttons (the arrow keys move within a group).
 * When the items of a feature cost differently, each names its own price (an item without one
 * keeps the offer's).
 */
export function FeaturePicker({
  groups,
  chosen,
  onChoose,
}: {
  groups: readonly FeatureGroup[];
  chosen: readonly FeatureItem[];
  onChoose: (item: FeatureItem) => void;
}) {
  const language = useLanguage();
  return (
    <div className="flex flex-col gap-5">
      {groups.map((group) => (
        <fieldset key={group.featureId}>
          <legend className="mb-2 text-sm font-medium text-slate-700">
            {localizedText(group.featureName, language) || group.featureId}
          </legend>
          <div className="flex flex-wrap gap-2">
            {group.items.map((item) => (
              <FeatureOption
                key={item.id}
                item={item}
                name={group.featureId}
                checked={chosen.includes(item)}
                showPrice={pricesDiffer(group.items)}
                onChoose={onChoose}
              />
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

function FeatureOption({
  item,
  name,
  checked,
  showPrice,
  onChoose,
}: {
  item: FeatureItem;
  name: string;
  checked: boolean;
  showPrice: boolean;
  onChoose: (item: FeatureItem) => void;
}) {
  const language = useLanguage();
  const formatMoney = useFormatMoney();
  return (
    <label
      className={clsx(
        'flex cursor-pointer flex-col rounded-xl border px-4 py-2.5 text-sm transition has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-violet-100',
        checked
          ? 'border-violet-500 bg-violet-50 text-violet-900 shadow-sm'
          : 'border-slate-200 bg-white text-slate-700 hover:border-slate-300',
      )}
    >
      <input
        type="radio"
        name={`feature-${name}`}
        value={item.value}
        checked={checked}
        onChange={() => onChoose(item)}
        className="sr-only"
      />
      <span className="font-semibold">{localizedText(item.displayName, language) || item.value}</span>
      {showPrice && item.price && (
        <span className={clsx('text-xs', checked ? 'text-violet-700' : 'text-slate-500')}>
          {formatMoney(item.price)}
        </span>
      )}
    </label>
  );
}

const pricesDiffer = (items: readonly FeatureItem[]) =>
  new Set(items.map((item) => (item.price ? `${item.price.amountMinor} ${item.price.currency}` : ''))).size >
  1;
