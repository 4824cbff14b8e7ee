import {
  type Form,
  type FormAnswerRequest,
  type FormAnswerResult,
  formAnswerResultSchema,
  formSchema,
  storeHeaderNames,
} from '@cutout/contracts';
import { apiRequest } from '../api/client.ts';

export type { Form, FormAnswerRequest, FormAnswerResult };

/**
 * A form's definition in `language` (else the stored locale's); 404 NOT_FOUND for an unknown id.
 * The page passes its own: right after a language switch the stored locale is still the old one.
 */
export function fetchForm(id: string, signal?: AbortSignal, language?: string): Promise<Form> {
  return apiRequest(`/forms/${encodeURIComponent(id)}/fetchForm`, {
    method: 'POST',
    body: {},
    signal,
    parse: formSchema.parse,
    ...(language && { headers: { [storeHeaderNames.localeId]: language } }),
  });
}

/**
 * Sends an answer; resolves with the texts to show after it. Refusals: 400 FORM_REQUIRED_FIELDS and
 * FORM_FIELD_INVALID (details.fields: field id → why), 400 FORM_NOT_SET, 404 NOT_FOUND, 429
 * RATE_LIMITED; their messages come in the request's language.
 */
export function answer(request: FormAnswerRequest): Promise<FormAnswerResult> {
  return apiRequest('/forms/answer', { method: 'POST', body: request, parse: formAnswerResultSchema.parse });
}

/** The feedback form calls (SPEC §7.6), open to everyone. */
export const formsApi = { fetchForm, answer };

/** React Query keys: a form per language (its texts come translated). */
export const formsQueryKeys = {
  all: ['forms'] as const,
  form: (id: string, language: string) => ['forms', 'form', id, language] as const,
};
