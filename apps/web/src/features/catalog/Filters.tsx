import type { ListQueryFilter } from '@cutout/contracts';
import { clsx } from 'clsx';
import { Check, SlidersHorizontal, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductFeature } from '../../shared/catalog/catalog-api.ts';
import { Button } from '../../shared/ui/button.tsx';
import { hasFilters, type PriceRange } from './list-request.ts';

/** The value ids a filter holds for a feature. */
const valuesOf = (filter: ListQueryFilter, featureId: string): string[] => {
  const value = filter[featureId];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
};

/** The filter with a value turned on or off: one value is kept as it is, several as a list. */
export function toggleValue(filter: ListQueryFilter, featureId: string, value: string): ListQueryFilter {
  const current = valuesOf(filter, featureId);
  const next = current.includes(value) ? current.filter((id) => id !== value) : [...current, value];
  const { [featureId]: _, ...rest } = filter;
  if (next.length === 0) return rest;
  return { ...rest, [featureId]: next.length === 1 ? (next[0] as string) : next };
}

type FiltersProps = {
  features: ProductFeature[];
  filter: ListQueryFilter;
  price: PriceRange;
  currencySymbol: string;
  /** One change of the URL: resetting both must not be two. */
  onChange: (patch: { filter?: ListQueryFilter; price?: PriceRange }) => void;
};

/** The filters beside the catalogue: always open on a desktop, folded on a phone unless some are on. */
export function FiltersCard(props: FiltersProps) {
  const { t } = useTranslation();
  const filtered = hasFilters(props);
  const [open, setOpen] = useState(filtered);
  const panelId = useId();
  return (
    <div className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm">
      {/* A desktop always shows the filters: a heading there, a button that folds them on a phone. */}
      <h2 className="hidden items-center gap-2 font-semibold text-slate-900 lg:flex">
        <SlidersHorizontal aria-hidden="true" className="size-4.5 text-violet-600" />
        {t('catalog.filters.title')}
      </h2>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
        className="flex w-full items-center justify-between text-left font-semibold text-slate-900 lg:hidden"
      >
        <span className="inline-flex items-center gap-2">
          <SlidersHorizontal aria-hidden="true" className="size-4.5 text-violet-600" />
          {t('catalog.filters.title')}
        </span>
        <span className="text-sm font-medium text-violet-700">
          {t(open ? 'catalog.filters.hide' : 'catalog.filters.show')}
        </span>
      </button>
      <div id={panelId} className={open ? 'mt-5' : 'mt-5 hidden lg:block'}>
        <Filters {...props} />
        {filtered && (
          <Button
            variant="ghost"
            size="sm"
            className="mt-3 w-full"
            onClick={() => props.onChange({ filter: {}, price: {} })}
          >
            <X aria-hidden="true" className="size-4" />
            {t('catalog.filters.reset')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** Feature values (size, colour) and the price range that narrow the catalogue. */
export function Filters({ features, filter, price, currencySymbol, onChange }: FiltersProps) {
  return (
    <div className="flex flex-col gap-6">
      {features
        .filter((feature) => feature.values.length > 0)
        .map((feature) => (
          <fieldset key={feature.id}>
            <legend className="mb-2 text-sm font-semibold text-slate-900">{feature.name}</legend>
            <div className="flex flex-wrap gap-2">
              {feature.values.map((value) => {
                const checked = valuesOf(filter, feature.id).includes(value.value);
                return (
                  <label
                    key={value.value}
                    className={clsx(
                      'inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm transition',
                      // A focus the eye finds: a faint glow was lost on a chip's own colours.
                      'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-violet-600',
                      checked
                        ? 'border-violet-600 bg-violet-600 text-white'
                        : 'border-slate-200 bg-white text-slate-700 hover:border-violet-300',
                    )}
                  >
                    <input
                      type="checkbox"
                      className="sr-only"
                      checked={checked}
                      onChange={() => onChange({ filter: toggleValue(filter, feature.id, value.value) })}
                    />
                    {checked && <Check aria-hidden="true" className="size-3.5" />}
                    {value.name}
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}
      <PriceFilter
        key={`${price.from}-${price.to}`}
        price={price}
        currencySymbol={currencySymbol}
        onPrice={(next) => onChange({ price: next })}
      />
    </div>
  );
}

function PriceFilter({
  price,
  currencySymbol,
  onPrice,
}: {
  price: PriceRange;
  currencySymbol: string;
  onPrice: (price: PriceRange) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [from, setFrom] = useState(price.from === undefined ? '' : String(price.from));
  const [to, setTo] = useState(price.to === undefined ? '' : String(price.to));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A decimal comma is read as a point; what is not an amount ≥ 0 is no bound.
    const read = (text: string) => {
      const value = Number(text.trim().replace(',', '.'));
      return text.trim() && Number.isFinite(value) && value >= 0 ? value : undefined;
    };
    const [low, high] = [read(from), read(to)];
    onPrice({ ...(low !== undefined && { from: low }), ...(high !== undefined && { to: high }) });
  }

  return (
    <form onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="mb-2 text-sm font-semibold text-slate-900">
        {t('catalog.filters.price', { currency: currencySymbol })}
      </p>
      <div className="flex items-center gap-2">
        <PriceInput label={t('catalog.filters.priceFrom')} value={from} onChange={setFrom} />
        <span aria-hidden="true" className="text-slate-400">
          –
        </span>
        <PriceInput label={t('catalog.filters.priceTo')} value={to} onChange={setTo} />
      </div>
      <Button type="submit" variant="secondary" size="sm" className="mt-3 w-full">
        {t('catalog.filters.apply')}
      </Button>
    </form>
  );
}

/** An amount in major units; the placeholder names it, the label is for screen readers. */
function PriceInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        inputMode="decimal"
        placeholder={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={
          'block h-10 w-full min-w-0 rounded-xl border border-slate-200 bg-white px-3 text-sm text-slate-900 shadow-xs transition ' +
          'placeholder:text-slate-400 hover:border-slate-300 focus:border-violet-500 focus:outline-none focus:ring-4 focus:ring-violet-100'
        }
      />
    </>
  );
}
