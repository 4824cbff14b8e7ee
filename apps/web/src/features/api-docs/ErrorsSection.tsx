import { actionErrorCodes, imageLimits, imageProblem, publicErrorOf } from '@cutout/contracts';
import { useTranslation } from 'react-i18next';
import { CodeBlock } from '../../shared/ui/code-block.tsx';
import { DocTable, Mono, NarrowOnly } from './DocTable.tsx';
import { useDocText } from './doc-text.ts';
import { bodyFieldsOf, type OpenApiDocument, operationsOf } from './openapi.ts';

/** The numbers of meta.errorCode the client can name, beside those the document lists. */
const knownActionCodes: number[] = Object.values(actionErrorCodes);

/** Values that narrow remove.bg's code of a number (113: damaged, too many pixels; 119: empty, outside). */
const narrowingValues = [undefined, imageProblem.damaged, 1, 'empty', 'exceeds_bounds'];

/** remove.bg's codes an ACTION_FAILED number is answered with, the usual one first. */
function removeBgCodesOf(errorCode: number): string[] {
  const codes = narrowingValues.map((value) => publicErrorOf('ACTION_FAILED', { errorCode, value }).code);
  return [...new Set(codes)];
}

const maxMb = Math.round(imageLimits.maxFileBytes / (1024 * 1024));

/** An error body as the server writes it: a file over the limit (errorCode 103). */
function exampleError(detail: string): string {
  const failure = publicErrorOf('ACTION_FAILED', { errorCode: 103, value: imageLimits.maxFileBytes });
  const error = {
    status: String(failure.status),
    code: failure.code,
    title: failure.title,
    detail,
    meta: { code: 'ACTION_FAILED', errorCode: 103, value: imageLimits.maxFileBytes },
  };
  return JSON.stringify({ errors: [error], requestId: '1b7a4941-6f6e-4458-8b4d-6ddaa106a0a2' }, null, 2);
}

/** HTTP statuses of every operation's failures, each with its description(s). */
function failureStatuses(document: OpenApiDocument) {
  const statuses = new Map<string, { key: string; path: string; description: string }[]>();
  for (const operation of operationsOf(document)) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (Number(status) < 400) continue;
      const list = statuses.get(status) ?? [];
      const description = response.description ?? '';
      if (!list.some((entry) => entry.description === description)) {
        list.push({
          key: `responses.${operation.operationId ?? operation.path}.${status}`,
          path: operation.path,
          description,
        });
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
  const bodyFields = bodyFieldsOf(document, document.components?.schemas?.Error);
  const named = new Map(Object.entries(document['x-error-codes'] ?? {}).map(([name, code]) => [code, name]));
  const codes = [...new Set([...named.keys(), ...knownActionCodes])].sort((a, b) => a - b);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2 text-slate-600">
        <p>{t('apiDocs.errors.text')}</p>
        <p>{t('apiDocs.errors.retry')}</p>
      </div>
      {bodyFields.length > 0 && (
        <DocTable
          caption={t('apiDocs.errors.bodyCaption')}
          columns={[
            { label: t('apiDocs.table.field') },
            { label: t('apiDocs.table.description'), wideOnly: true },
          ]}
          rows={bodyFields.map((field) => {
            const description = docText(`errorFields.${field.path.replaceAll('[]', '')}`, field.description);
            return {
              key: field.path,
              cells: [
                <span key="name" className="flex flex-col items-start gap-1">
                  <Mono>{field.path}</Mono>
                  {field.always && (
                    <span className="text-xs text-slate-500">{t('apiDocs.table.always')}</span>
                  )}
                  <NarrowOnly>{description}</NarrowOnly>
                </span>,
                description,
              ],
            };
          })}
        />
      )}
      <CodeBlock
        code={exampleError(t('removal.errors.103', { mb: maxMb }))}
        title="JSON"
        label={t('apiDocs.errors.exampleLabel')}
      />
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
                {/* Answered differently by several endpoints: each says whose it is. */}
                {entries.map((entry) => (
                  <span key={entry.key}>
                    {entries.length > 1 && <Mono>{entry.path}</Mono>} {docText(entry.key, entry.description)}
                  </span>
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
            { label: t('apiDocs.table.removeBgCode'), wideOnly: true },
            { label: t('apiDocs.table.name'), wideOnly: true },
            { label: t('apiDocs.table.meaning') },
          ]}
          rows={codes.map((code) => {
            const removeBgCodes = removeBgCodesOf(code).map((name) => <span key={name}>{name}</span>);
            return {
              key: String(code),
              cells: [
                <span key="code" className="font-mono font-semibold">
                  {code}
                </span>,
                <span key="removeBg" className="flex flex-col font-mono text-xs leading-5 text-slate-700">
                  {removeBgCodes}
                </span>,
                <span key="name" className="font-mono text-xs text-slate-500">
                  {named.get(code) ?? '—'}
                </span>,
                <span key="meaning" className="flex flex-col gap-1">
                  {t(`removal.errors.${code}`, { value: t('apiDocs.errors.cause'), mb: maxMb })}
                  <NarrowOnly className="flex flex-col font-mono text-xs text-slate-500">
                    {removeBgCodes}
                  </NarrowOnly>
                </span>,
              ],
            };
          })}
        />
      </div>
    </div>
  );
}
