import { Trans, useTranslation } from 'react-i18next';
import { DocTable, Mono, NarrowOnly } from './DocTable.tsx';
import { useDocText } from './doc-text.ts';
import { type HeaderObject, headerDisplayName, type OpenApiDocument, operationsOf } from './openapi.ts';

const code = (
  <code className="rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-[13px] whitespace-nowrap text-slate-900" />
);

/** The X-RateLimit-* headers any operation answers with. */
function rateLimitHeaders(document: OpenApiDocument): Array<[string, HeaderObject]> {
  const headers = new Map<string, HeaderObject>();
  for (const operation of operationsOf(document)) {
    for (const response of Object.values(operation.responses ?? {})) {
      for (const [name, header] of Object.entries(response.headers ?? {})) {
        if (name.toLowerCase().startsWith('x-ratelimit-') && !headers.has(name)) headers.set(name, header);
      }
    }
  }
  return [...headers.entries()];
}

export function RateLimitsSection({ document }: { document: OpenApiDocument }) {
  const { t } = useTranslation();
  const docText = useDocText();
  const headers = rateLimitHeaders(document);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-600">{t('apiDocs.rateLimits.text')}</p>
      {headers.length > 0 && (
        <DocTable
          caption={t('apiDocs.rateLimits.caption')}
          columns={[
            { label: t('apiDocs.table.header') },
            { label: t('apiDocs.table.description'), wideOnly: true },
          ]}
          rows={[
            ...headers.map(([name, header]) => ({
              name: headerDisplayName(name),
              description: docText(`headers.${name.toLowerCase()}`, header.description),
            })),
            { name: 'Retry-After', description: t('apiDocs.rateLimits.retryAfter') },
          ].map(({ name, description }) => ({
            key: name,
            cells: [
              <span key="name" className="flex flex-col items-start gap-1">
                <Mono>{name}</Mono>
                <NarrowOnly>{description}</NarrowOnly>
              </span>,
              description,
            ],
          }))}
        />
      )}
      <div className="mt-2">
        <h3 className="font-semibold text-slate-900">{t('apiDocs.rateLimits.safeRetries.title')}</h3>
        <p className="mt-2 text-slate-600">
          <Trans i18nKey="apiDocs.rateLimits.safeRetries.text" components={{ code }} />
        </p>
        <p className="mt-2 text-slate-600">{t('apiDocs.rateLimits.safeRetries.sdk')}</p>
      </div>
    </div>
  );
}
