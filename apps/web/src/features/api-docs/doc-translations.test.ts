import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import openApiFixture from './openapi.fixture.json';
import { type OpenApiDocument, operationsOf, requestFieldsOf, requestHeadersOf } from './openapi.ts';

/**
 * The docs page shows the OpenAPI document's own words in English and `apiDocs.doc.*` in Russian
 * (useDocText): every text of the document the page shows needs its Russian, and the English copy
 * kept beside it must be the document's current words, or the Russian was made from old ones.
 */
const document = openApiFixture as unknown as OpenApiDocument;

function docTexts(): Array<[key: string, text: string]> {
  const texts: Array<[string, string]> = [];
  for (const operation of operationsOf(document)) {
    const id = operation.operationId ?? '';
    if (operation.summary) texts.push([`operations.${id}`, operation.summary]);
    for (const field of requestFieldsOf(document, operation))
      if (field.description) texts.push([`params.${field.name}`, field.description]);
    for (const header of requestHeadersOf(document, operation))
      if (header.description) texts.push([`requestHeaders.${header.name.toLowerCase()}`, header.description]);
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (response.description) texts.push([`responses.${id}.${status}`, response.description]);
      for (const [name, header] of Object.entries(response.headers ?? {}))
        if (header.description) texts.push([`headers.${name.toLowerCase()}`, header.description]);
    }
  }
  return texts;
}

const at = (root: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], root);

describe('the API docs in Russian', () => {
  it('has a translation of every text of the OpenAPI document, made from its current words', () => {
    const texts = docTexts();
    expect(texts.length).toBeGreaterThan(40);
    const missing = texts.filter(([key]) => typeof at(ru.apiDocs.doc, key) !== 'string').map(([key]) => key);
    expect(missing).toEqual([]);
    const stale = texts.filter(([key, text]) => at(en.apiDocs.doc, key) !== text).map(([key]) => key);
    expect(stale).toEqual([]);
  });
});
