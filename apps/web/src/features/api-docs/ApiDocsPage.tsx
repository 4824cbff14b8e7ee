import { useQuery } from '@tanstack/react-query';
import { KeyRound, LoaderCircle, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/api-error.ts';
import { useLocalizedPath } from '../../shared/routing/language-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { Button, ButtonLink } from '../../shared/ui/button.tsx';
import { CodeBlock } from '../../shared/ui/code-block.tsx';
import { Container } from '../../shared/ui/container.tsx';
import { FormAlert } from '../../shared/ui/form.tsx';
import { CodeExamples } from './CodeExamples.tsx';
import { apiKeyPlaceholder } from './code-examples.ts';
import { EndpointSection, operationAnchor } from './EndpointSection.tsx';
import { ErrorsSection } from './ErrorsSection.tsx';
import { FromRemoveBgSection } from './FromRemoveBgSection.tsx';
import { fetchOpenApi, type OpenApiDocument, openApiPath, operationsOf } from './openapi.ts';
import { RateLimitsSection } from './RateLimitsSection.tsx';

function DocSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * The public API documentation (`/{lang}/integration/api`), rendered from GET /api/openapi.json:
 * endpoints, parameters, response headers, errors and rate limits, with runnable examples, and what a
 * remove.bg client changes to call it.
 */
export function ApiDocsPage() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const origin = window.location.origin;
  const query = useQuery({
    queryKey: ['openapi'],
    queryFn: ({ signal }) => fetchOpenApi(signal),
    staleTime: 10 * 60_000,
  });
  const document = query.data;
  const operations = document ? operationsOf(document) : [];

  const contents = [
    { id: 'quick-start', label: t('apiDocs.quickStart.title') },
    { id: 'authentication', label: t('apiDocs.auth.title') },
    { id: 'from-remove-bg', label: t('apiDocs.fromRemoveBg.title') },
    ...operations.map((operation) => ({
      id: operationAnchor(operation),
      label: `${operation.method.toUpperCase()} ${operation.path}`,
    })),
    ...(document
      ? [
          { id: 'errors', label: t('apiDocs.errors.title') },
          { id: 'rate-limits', label: t('apiDocs.rateLimits.title') },
        ]
      : []),
  ];

  return (
    <div>
      <div className="border-b border-slate-200 bg-gradient-to-b from-violet-50 to-white">
        <Container className="py-10 sm:py-14">
          <p className="text-sm font-semibold text-violet-700">{t('apiDocs.eyebrow')}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {t('apiDocs.title')}
          </h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-600">{t('apiDocs.intro')}</p>
          <div className="mt-6 flex flex-wrap items-center gap-3">
            <ButtonLink to={to(paths.userApi)}>
              <KeyRound aria-hidden="true" className="size-4.5" />
              {t('apiDocs.getKey')}
            </ButtonLink>
            <a
              href={openApiPath}
              className="inline-flex h-11 items-center rounded-xl px-4 text-sm font-semibold text-violet-700 hover:bg-violet-50"
            >
              {t('apiDocs.openapiLink')}
            </a>
          </div>
          <p className="mt-5 text-sm text-slate-500">
            {t('apiDocs.baseUrl')}{' '}
            <code className="rounded-md bg-white px-1.5 py-0.5 font-mono text-slate-900 ring-1 ring-slate-200">
              {origin}
            </code>
            {document && (
              <span className="ml-2 text-slate-400">
                · {t('apiDocs.version', { version: document.info.version })}
              </span>
            )}
          </p>
        </Container>
      </div>
      <Container className="grid gap-10 py-10 lg:grid-cols-[13rem_minmax(0,1fr)] lg:py-14">
        <nav aria-label={t('apiDocs.contents')} className="hidden lg:block">
          <ul className="sticky top-24 flex flex-col gap-1 text-sm">
            {contents.map((entry) => (
              <li key={entry.id}>
                <a
                  href={`#${entry.id}`}
                  className="block rounded-lg px-3 py-1.5 leading-snug text-slate-600 transition hover:bg-slate-100 hover:text-slate-900"
                >
                  {entry.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex min-w-0 flex-col gap-12">
          <DocSection id="quick-start" title={t('apiDocs.quickStart.title')}>
            <p className="mb-4 text-slate-600">{t('apiDocs.quickStart.text')}</p>
            <CodeExamples origin={origin} />
          </DocSection>
          <DocSection id="authentication" title={t('apiDocs.auth.title')}>
            <p className="text-slate-600">{t('apiDocs.auth.text')}</p>
            <CodeBlock
              className="mt-4"
              code={`X-Api-Key: ${apiKeyPlaceholder}`}
              title="HTTP"
              label={t('apiDocs.auth.title')}
            />
            <p className="mt-4 text-sm text-slate-500">{t('apiDocs.auth.costs')}</p>
            <p className="mt-2 text-sm text-slate-500">{t('apiDocs.auth.privacy')}</p>
          </DocSection>
          <DocSection id="from-remove-bg" title={t('apiDocs.fromRemoveBg.title')}>
            <FromRemoveBgSection origin={origin} />
          </DocSection>
          {query.isPending ? (
            <p role="status" className="flex items-center gap-2 text-slate-500">
              <LoaderCircle aria-hidden="true" className="size-4.5 animate-spin text-violet-600" />
              {t('apiDocs.loading')}
            </p>
          ) : query.isError ? (
            <div className="flex flex-col items-start gap-3">
              <FormAlert>
                {t('apiDocs.loadFailed')} {errorMessage(query.error, t)}
              </FormAlert>
              <Button variant="secondary" onClick={() => void query.refetch()}>
                <RefreshCw aria-hidden="true" className="size-4" />
                {t('apiDocs.retry')}
              </Button>
            </div>
          ) : (
            <DocumentSections document={query.data} origin={origin} />
          )}
        </div>
      </Container>
    </div>
  );
}

function DocumentSections({ document, origin }: { document: OpenApiDocument; origin: string }) {
  const { t } = useTranslation();
  return (
    <>
      <DocSection id="endpoints" title={t('apiDocs.endpoints')}>
        <div className="flex flex-col gap-6">
          {operationsOf(document).map((operation) => (
            <EndpointSection
              key={`${operation.method} ${operation.path}`}
              document={document}
              operation={operation}
              origin={origin}
            />
          ))}
        </div>
      </DocSection>
      <DocSection id="errors" title={t('apiDocs.errors.title')}>
        <ErrorsSection document={document} />
      </DocSection>
      <DocSection id="rate-limits" title={t('apiDocs.rateLimits.title')}>
        <RateLimitsSection document={document} />
      </DocSection>
    </>
  );
}
