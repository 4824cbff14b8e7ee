import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { CodeBlock } from '../../shared/ui/code-block.tsx';
import { accountAnswerExample, accountExample } from './code-examples.ts';
import { DocTable, Mono, NarrowOnly } from './DocTable.tsx';
import { useDocText } from './doc-text.ts';
import {
  headerDisplayName,
  keyOptional,
  type OpenApiDocument,
  type Operation,
  requestContentTypes,
  requestFieldsOf,
  requestHeadersOf,
} from './openapi.ts';

const methodStyles: Record<string, string> = {
  get: 'bg-emerald-100 text-emerald-800',
  post: 'bg-violet-100 text-violet-800',
};

export const operationAnchor = (operation: Operation) =>
  `endpoint-${operation.operationId ?? `${operation.method}-${operation.path.replace(/\W+/g, '-')}`}`;

/** One operation of the document: what it takes, what it answers and with which headers. */
export function EndpointSection({
  document,
  operation,
  origin,
}: {
  document: OpenApiDocument;
  operation: Operation;
  origin: string;
}) {
  const { t } = useTranslation();
  const docText = useDocText();
  const id = operation.operationId ?? operation.path;
  const fields = requestFieldsOf(document, operation);
  const requestHeaders = requestHeadersOf(document, operation);
  const contentTypes = requestContentTypes(operation);
  const responses = Object.entries(operation.responses ?? {});
  const success = responses.find(([status]) => status.startsWith('2'))?.[1];
  const headers = Object.entries(success?.headers ?? {});
  const summary = docText(`operations.${id}`, operation.summary);
  const headingId = operationAnchor(operation);

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7"
    >
      <h3 id={headingId} className="flex flex-wrap items-center gap-3">
        <span
          className={clsx(
            'rounded-lg px-2.5 py-1 font-mono text-xs font-bold uppercase',
            methodStyles[operation.method] ?? 'bg-slate-100 text-slate-700',
          )}
        >
          {operation.method.toUpperCase()}
        </span>{' '}
        <span className="font-mono text-base font-semibold break-all text-slate-900">{operation.path}</span>
      </h3>
      {summary && <p className="mt-2 text-slate-600">{summary}</p>}
      <p className="mt-2 text-sm text-slate-500">
        {keyOptional(operation) ? t('apiDocs.endpoint.keyOptional') : t('apiDocs.endpoint.keyRequired')}
      </p>

      {fields.length > 0 && (
        <div className="mt-6">
          <h4 className="font-semibold text-slate-900">{t('apiDocs.endpoint.parameters')}</h4>
          {contentTypes.length > 0 && (
            <p className="mt-1 mb-3 text-sm text-slate-500">
              {t('apiDocs.endpoint.contentTypes')}{' '}
              {contentTypes.map((type, index) => (
                <span key={type}>
                  {index > 0 && ', '}
                  <Mono>{type}</Mono>
                </span>
              ))}
            </p>
          )}
          <DocTable
            caption={t('apiDocs.endpoint.parametersOf', { path: operation.path })}
            columns={[
              { label: t('apiDocs.table.name') },
              { label: t('apiDocs.table.type'), wideOnly: true },
              { label: t('apiDocs.table.description'), wideOnly: true },
            ]}
            rows={fields.map((field) => {
              const description = docText(`params.${field.name}`, field.description);
              return {
                key: field.name,
                cells: [
                  <span key="name" className="flex flex-col items-start gap-1">
                    <Mono>{field.name}</Mono>
                    <NarrowOnly className="font-mono text-xs text-slate-500">{field.type}</NarrowOnly>
                    {field.required && (
                      <span className="text-xs text-rose-600">{t('apiDocs.table.required')}</span>
                    )}
                    <NarrowOnly>{description}</NarrowOnly>
                  </span>,
                  <span key="type" className="font-mono text-xs text-slate-500">
                    {field.type}
                  </span>,
                  description,
                ],
              };
            })}
          />
        </div>
      )}

      {requestHeaders.length > 0 && (
        <div className="mt-6">
          <h4 className="mb-3 font-semibold text-slate-900">{t('apiDocs.endpoint.requestHeaders')}</h4>
          <DocTable
            caption={t('apiDocs.endpoint.requestHeadersOf', { path: operation.path })}
            columns={[
              { label: t('apiDocs.table.header') },
              { label: t('apiDocs.table.description'), wideOnly: true },
            ]}
            rows={requestHeaders.map((header) => {
              const description = docText(`requestHeaders.${header.name.toLowerCase()}`, header.description);
              return {
                key: header.name,
                cells: [
                  <span key="name" className="flex flex-col items-start gap-1">
                    <Mono>{headerDisplayName(header.name)}</Mono>
                    <span className={clsx('text-xs', header.required ? 'text-rose-600' : 'text-slate-500')}>
                      {header.required ? t('apiDocs.table.required') : t('apiDocs.table.optional')}
                    </span>
                    <NarrowOnly>{description}</NarrowOnly>
                  </span>,
                  description,
                ],
              };
            })}
          />
        </div>
      )}

      {headers.length > 0 && (
        <div className="mt-6">
          <h4 className="mb-3 font-semibold text-slate-900">{t('apiDocs.endpoint.responseHeaders')}</h4>
          <DocTable
            caption={t('apiDocs.endpoint.responseHeadersOf', { path: operation.path })}
            columns={[
              { label: t('apiDocs.table.header') },
              { label: t('apiDocs.table.description'), wideOnly: true },
            ]}
            rows={headers.map(([name, header]) => {
              const description = docText(`headers.${name.toLowerCase()}`, header.description);
              return {
                key: name,
                cells: [
                  <span key="name" className="flex flex-col items-start gap-1">
                    <Mono>{headerDisplayName(name)}</Mono>
                    <NarrowOnly>{description}</NarrowOnly>
                  </span>,
                  description,
                ],
              };
            })}
          />
        </div>
      )}

      {responses.length > 0 && (
        <div className="mt-6">
          <h4 className="mb-3 font-semibold text-slate-900">{t('apiDocs.endpoint.responses')}</h4>
          <DocTable
            caption={t('apiDocs.endpoint.responsesOf', { path: operation.path })}
            columns={[
              { label: t('apiDocs.table.status') },
              { label: t('apiDocs.table.content'), wideOnly: true },
              { label: t('apiDocs.table.description') },
            ]}
            rows={responses.map(([status, response]) => ({
              key: status,
              cells: [
                <span
                  key="status"
                  className={clsx(
                    'font-mono font-semibold',
                    status.startsWith('2') ? 'text-emerald-700' : 'text-rose-700',
                  )}
                >
                  {status}
                </span>,
                <span key="content" className="font-mono text-xs text-slate-500">
                  {Object.keys(response.content ?? {}).join(', ') || '—'}
                </span>,
                docText(`responses.${id}.${status}`, response.description),
              ],
            }))}
          />
        </div>
      )}

      {operation.method === 'get' && operation.path.endsWith('/account') && (
        <>
          <CodeBlock
            className="mt-6"
            code={accountExample(origin)}
            title="shell"
            label={t('apiDocs.examples.code', { language: 'cURL' })}
          />
          <CodeBlock
            className="mt-4"
            code={accountAnswerExample}
            title="json"
            label={t('apiDocs.endpoint.accountAnswer')}
          />
          <p className="mt-3 text-sm text-slate-600">{t('apiDocs.endpoint.accountFields')}</p>
        </>
      )}
    </section>
  );
}
