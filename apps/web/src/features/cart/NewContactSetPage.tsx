import { clsx } from 'clsx';
import { ArrowLeft, MapPin, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLanguage, useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths, switchLanguageInPath } from '../../shared/routing/paths.ts';
import { SignInPrompt } from '../../shared/session/SignInPrompt.tsx';
import { useIsAuthorised } from '../../shared/session/session.ts';
import { Container } from '../../shared/ui/container.tsx';
import { PageHeading } from '../../shared/ui/page-heading.tsx';
import { AddressForm } from './AddressForm.tsx';
import { type NewContactSetState, readNewContactSetState } from './contact-set-return.ts';
import { RecipientForm } from './RecipientForm.tsx';
import { useCreateContactSet } from './use-create-contact-set.ts';

type Kind = NewContactSetState['typeId'];

const kinds: Array<{ typeId: Kind; key: 'address' | 'recipient'; icon: typeof MapPin }> = [
  { typeId: 'partner_contact_set_types.location', key: 'address', icon: MapPin },
  { typeId: 'partner_contact_set_types.recipient', key: 'recipient', icon: UserRound },
];

/**
 * A new contact set (`/{lang}/user/contacts/new`): a delivery address for a courier or a
 * recipient. The navigation state may say which, where to go back to and which cart choice the
 * new set fills (see contact-set-return.ts); without it the page goes back to the cart.
 */
export function NewContactSetPage() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const language = useLanguage();
  const location = useLocation();
  const authorised = useIsAuthorised();
  const state = readNewContactSetState(location.state);
  const [kind, setKind] = useState<Kind>(state.typeId ?? 'partner_contact_set_types.location');
  // Back in the language the page is in now, should it have been switched here.
  const returnTo = state.returnTo
    ? switchLanguageInPath(new URL(state.returnTo, window.location.origin), language)
    : to(paths.shoppingCart);
  const create = useCreateContactSet({
    returnTo,
    // The cart's choice is only filled by the kind of set it asked for.
    chooseFor: state.typeId === kind ? state.chooseFor : undefined,
  });

  return (
    <div className="bg-slate-50/70">
      <Container className="py-10 sm:py-14">
        <Link
          to={returnTo}
          className="inline-flex items-center gap-1.5 rounded-lg text-sm font-medium text-slate-600 hover:text-violet-700"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('cart.contactSet.back')}
        </Link>
        <PageHeading
          className="mt-4"
          title={t(
            kind === 'partner_contact_set_types.recipient'
              ? 'cart.contactSet.titleRecipient'
              : 'cart.contactSet.title',
          )}
          subtitle={t('cart.contactSet.subtitle')}
        />
        {!authorised ? (
          <SignInPrompt openLogin text={t('cart.contactSet.signIn')} />
        ) : (
          <section className="mt-8 max-w-2xl rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
            <div
              role="radiogroup"
              aria-label={t('cart.contactSet.kind')}
              className="mb-6 grid grid-cols-2 gap-2 rounded-2xl bg-slate-100 p-1"
            >
              {kinds.map(({ typeId, key, icon: Icon }) => (
                // biome-ignore lint/a11y/useSemanticElements: a segmented control; radios styled as buttons.
                <button
                  key={typeId}
                  type="button"
                  role="radio"
                  aria-checked={kind === typeId}
                  onClick={() => setKind(typeId)}
                  className={clsx(
                    'inline-flex h-10 items-center justify-center gap-2 rounded-xl text-sm font-semibold transition',
                    kind === typeId
                      ? 'bg-white text-violet-700 shadow-sm'
                      : 'text-slate-600 hover:text-slate-900',
                  )}
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {t(`cart.contactSet.kinds.${key}`)}
                </button>
              ))}
            </div>
            {kind === 'partner_contact_set_types.location' ? (
              <AddressForm
                saving={create.isPending}
                onSubmit={(address) =>
                  create.mutate({ typeId: 'partner_contact_set_types.location', address })
                }
              />
            ) : (
              <RecipientForm
                saving={create.isPending}
                onSubmit={(recipient) =>
                  create.mutate({ typeId: 'partner_contact_set_types.recipient', ...recipient })
                }
              />
            )}
          </section>
        )}
      </Container>
    </div>
  );
}
