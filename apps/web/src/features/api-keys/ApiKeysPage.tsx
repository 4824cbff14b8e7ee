import { useQuery } from '@tanstack/react-query';
import { BookOpen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/api-error.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { SignInPrompt, useEverAuthorised } from '../../shared/session/SignInPrompt.tsx';
import { useIsAuthorised } from '../../shared/session/session.ts';
import { useRemoveBackgroundActionId } from '../../shared/store-info/store-constants.ts';
import { Container } from '../../shared/ui/container.tsx';
import { FormAlert } from '../../shared/ui/form.tsx';
import { PageHeading } from '../../shared/ui/page-heading.tsx';
import { ApiKeyList } from './ApiKeyList.tsx';
import { apiKeysApi, apiKeysQueryKey } from './api-keys-api.ts';
import { type IssuedKey, IssueKeyForm } from './IssueKeyForm.tsx';
import { focusApiKeyList } from './list-heading.ts';
import { NewKeyNotice } from './NewKeyNotice.tsx';

/**
 * The API keys screen (`/{lang}/user/api`): issue a key with a label (shown once), rename and
 * revoke keys. A visitor gets the login modal over it, like the account page.
 */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const authorised = useIsAuthorised();
  const everAuthorised = useEverAuthorised(authorised);
  const to = useLocalizedPath();
  return (
    <div className="bg-slate-50/70">
      <Container className="py-10 sm:py-14">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <PageHeading title={t('apiKeys.title')} subtitle={t('apiKeys.subtitle')} />
          <Link
            to={to(paths.integrationApi)}
            className="inline-flex items-center gap-2 self-start text-sm font-semibold text-violet-700 hover:text-violet-900 sm:self-auto"
          >
            <BookOpen aria-hidden="true" className="size-4" />
            {t('apiKeys.docsLink')}
          </Link>
        </div>
        {authorised ? (
          <ApiKeysScreen />
        ) : (
          <SignInPrompt openLogin={!everAuthorised} text={t('apiKeys.signInText')} />
        )}
      </Container>
    </div>
  );
}

function ApiKeysScreen() {
  const { t } = useTranslation();
  const actionId = useRemoveBackgroundActionId();
  const [issued, setIssued] = useState<IssuedKey | null>(null);
  const keys = useQuery({
    queryKey: apiKeysQueryKey(actionId),
    queryFn: () => apiKeysApi.list(actionId),
  });
  // A new key revoked (here or in another tab) is no key to copy any more: its notice goes with it.
  const shownKey = issued && keys.data?.some((key) => key.id === issued.id) !== false ? issued : null;
  return (
    <div className="mt-8 grid items-start gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
      <div className="flex flex-col gap-6">
        <IssueKeyForm actionId={actionId} onIssued={setIssued} />
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        {shownKey && (
          <NewKeyNotice
            label={shownKey.label}
            value={shownKey.value}
            onDone={() => {
              setIssued(null);
              focusApiKeyList();
            }}
          />
        )}
        {keys.isError ? (
          <FormAlert>{errorMessage(keys.error, t)}</FormAlert>
        ) : (
          <ApiKeyList actionId={actionId} keys={keys.data} />
        )}
      </div>
    </div>
  );
}
