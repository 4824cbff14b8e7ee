import type { ContactSetTypeId } from '@cutout/contracts';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { cartApi, cartQueryKeys } from '../../shared/cart/cart-api.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { ChoiceList, StepNote } from './ChoiceList.tsx';
import type { NewContactSetState } from './contact-set-return.ts';

/**
 * The buyer's addresses (or recipients) to choose one from, and a link to add another: the new
 * contact set page comes back here with the new one chosen.
 */
export function ContactSetChoice({
  typeId,
  chooseFor,
  value,
  onChange,
  disabled,
}: {
  typeId: NewContactSetState['typeId'];
  chooseFor: NonNullable<NewContactSetState['chooseFor']>;
  value: string | null;
  onChange: (id: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const location = useLocation();
  const sets = useQuery({
    queryKey: cartQueryKeys.contactSets(typeId as ContactSetTypeId),
    queryFn: ({ signal }) => cartApi.contactSets(typeId, signal),
  });
  const kind = typeId === 'partner_contact_set_types.location' ? 'address' : 'recipient';
  const state: NewContactSetState = { typeId, returnTo: `${location.pathname}${location.search}`, chooseFor };

  return (
    <div className="flex flex-col gap-3">
      {sets.isPending ? (
        <StepNote>{t('cart.loadingList')}</StepNote>
      ) : sets.data && sets.data.length > 0 ? (
        <ChoiceList
          name={`contact-set-${kind}`}
          legend={t(`cart.contacts.${kind}.legend`)}
          choices={sets.data.map((set) => ({ id: set.id, title: set.view }))}
          value={value}
          onChange={onChange}
          disabled={disabled}
        />
      ) : (
        <StepNote>{t(`cart.contacts.${kind}.none`)}</StepNote>
      )}
      <Link
        to={to(paths.newContactSet)}
        state={state}
        className="inline-flex items-center gap-1.5 self-start rounded-lg text-sm font-semibold text-violet-700 hover:text-violet-900"
      >
        <Plus aria-hidden="true" className="size-4" />
        {t(`cart.contacts.${kind}.add`)}
      </Link>
    </div>
  );
}
