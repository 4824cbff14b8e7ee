import type { ContactSet, ContactSetTypeId } from '@cutout/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { errorMessage } from '../../shared/api/api-error.ts';
import { cartApi, cartQueryKeys } from '../../shared/cart/cart-api.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { useToast } from '../../shared/ui/toast-context.tsx';
import { ChoiceList, StepNote } from './ChoiceList.tsx';
import type { NewContactSetState } from './contact-set-return.ts';

/**
 * The buyer's addresses (or recipients) to choose one from, each with a way to remove it, and a link
 * to add another: the new contact set page comes back here with the new one chosen.
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
  const addLink = useRef<HTMLAnchorElement>(null);
  const state: NewContactSetState = { typeId, returnTo: `${location.pathname}${location.search}`, chooseFor };

  return (
    <div className="flex flex-col gap-3">
      {sets.isPending ? (
        <StepNote>{t('cart.loadingList')}</StepNote>
      ) : sets.data && sets.data.length > 0 ? (
        <ChoiceList
          name={`contact-set-${kind}`}
          legend={t(`cart.contacts.${kind}.legend`)}
          choices={sets.data.map((set) => ({
            id: set.id,
            title: set.view,
            action: <RemoveContactSet set={set} kind={kind} afterRemoved={() => addLink.current} />,
          }))}
          value={value}
          onChange={onChange}
          disabled={disabled}
        />
      ) : (
        <StepNote>{t(`cart.contacts.${kind}.none`)}</StepNote>
      )}
      <Link
        ref={addLink}
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

/**
 * Removes a saved address or recipient once the buyer confirms it (SPEC §5: DELETE
 * /partnerContactSets/{id}). The server forgets it in the cart too, so the cart is read again; orders
 * placed with it keep their copy. The focus then goes to "Add an address": the row is gone.
 */
function RemoveContactSet({
  set,
  kind,
  afterRemoved,
}: {
  set: ContactSet;
  kind: 'address' | 'recipient';
  afterRemoved: () => HTMLElement | null;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const removed = useRef(false);
  const remove = useMutation({
    mutationFn: () => cartApi.deleteContactSet(set.id),
    onSuccess: async () => {
      removed.current = true;
      setOpen(false);
      toast.success(t(`cart.contacts.${kind}.removed`));
      await queryClient.invalidateQueries({ queryKey: cartQueryKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={{ label: t(`cart.contacts.${kind}.remove`), icon: Trash2 }}
      title={t(`cart.contacts.${kind}.removeTitle`)}
      text={t(`cart.contacts.${kind}.removeText`, { name: set.view })}
      cancelLabel={t(`cart.contacts.${kind}.keep`)}
      confirmLabel={t(`cart.contacts.${kind}.remove`)}
      onConfirm={() => remove.mutate()}
      pending={remove.isPending}
      returnFocusTo={() => (removed.current ? afterRemoved() : null)}
    />
  );
}
