import { useTranslation } from 'react-i18next';
import { CodeBlock } from '../../shared/ui/code-block.tsx';
import { DocTable, Mono } from './DocTable.tsx';
import { useDocText } from './doc-text.ts';
import { type OpenApiDocument, operationsOf, resolveSchema } from './openapi.ts';

/** The codes of details.errorCode the client can name, beside those the document lists. */
const knownActionCodes = [100, 101, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116];

const exampleError = JSON.stringify(
  {
    code: 'ACTION_FAILED',
    message: "Can't download image, cause: HTTP 404",
    details: { errorCode: 107, value: 'HTTP 404' },
  },
  null,
  2,
);

/** HTTP statuses of every operation's failures, each with its description(s). */
function failureStatuses(document: OpenApiDocument) {
  const statuses = new Map<string, { key: string; description: string }[]>();
  for (const operation of operationsOf(document)) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (Number(status) < 400) continue;
      const list = statuses.get(status) ?? [];
      const description = response.description ?? '';
      if (!list.some((entry) => entry.description === description)) {
        list.push({ key: `responses.${operation.operationId ?? operation.path}.${status}`, description });
      }
      statuses.set(status, list);
    }
  }
  return [...statuses.entries()].sort(([a], [b]) => Number(a) - Number(b));
}

/** The error body, the HTTP statuses and the errorCode table of the document. */
export function ErrorsSection({ document }: { document: OpenApiDocument }) {
  const { t } = useTranslation();
  const docText = useDocText();
  const errorSchema = resolveSchema(document, document.components?.schemas?.Error);
  const bodyFields = Object.entries(errorSchema?.properties ?? {});
  const named = new Map(Object.entries(document['x-error-codes'] ?? {}).map(([name, code]) => [code, name]));
  const codes = [...new Set([...named.keys(), ...knownActionCodes])].sort((a, b) => a - b);

  return (
    <div className="flex flex-col gap-6">
      <p className="text-slate-600">{t('apiDocs.errors.text')}</p>
      {bodyFields.length > 0 && (
        <DocTable
          caption={t('apiDocs.errors.bodyCaption')}
          columns={[{ label: t('apiDocs.table.field') }, { label: t('apiDocs.table.description') }]}
          rows={bodyFields.map(([name, field]) => ({
            key: name,
            cells: [
              <span key="name" className="flex flex-col items-start gap-1">
                <Mono>{name}</Mono>
                {errorSchema?.required?.includes(name) && (
                  <span className="text-xs text-slate-500">{t('apiDocs.table.always')}</span>
                )}
              </span>,
              docText(`errorFields.${name}`, field.description),
            ],
          }))}
        />
      )}
      <CodeBlock code={exampleError} title="JSON" label={t('apiDocs.errors.exampleLabel')} />
      <div>
        <h3 className="mb-3 font-semibold text-slate-900">{t('apiDocs.errors.statuses')}</h3>
        <DocTable
          caption={t('apiDocs.errors.statuses')}
          columns={[{ label: t('apiDocs.table.status') }, { label: t('apiDocs.table.description') }]}
          rows={failureStatuses(document).map(([status, entries]) => ({
            key: status,
            cells: [
              <span key="status" className="font-mono font-semibold text-rose-700">
                {status}
              </span>,
              <span key="description" className="flex flex-col gap-1">
                {entries.map((entry) => (
                  <span key={entry.key}>{docText(entry.key, entry.description)}</span>
                ))}
              </span>,
            ],
          }))}
        />
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">{t('apiDocs.errors.actionCodes')}</h3>
        <p className="mt-1 mb-3 text-sm text-slate-500">{t('apiDocs.errors.actionCodesText')}</p>
        <DocTable
          caption={t('apiDocs.errors.actionCodes')}
          columns={[
            { label: t('apiDocs.table.errorCode') },
            { label: t('apiDocs.table.name'), wideOnly: true },
            { label: t('apiDocs.table.meaning') },
          ]}
          rows={codes.map((code) => ({
            key: String(code),
            cells: [
              <span key="code" className="font-mono font-semibold">
                {code}
              </span>,
              <span key="name" className="font-mono text-xs text-slate-500">
                {named.get(code) ?? '—'}
              </span>,
              t(`removal.errors.${code}`, { value: t('apiDocs.errors.cause'), mb: 32 }),
            ],
          }))}
        />
      </div>
    </div>
  );
}
