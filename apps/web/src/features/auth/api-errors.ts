import { isApiError } from '../../shared/api/api-error.ts';

interface Issue {
  path?: unknown;
  key?: unknown;
  message?: unknown;
}

/**
 * The field messages of a VALIDATION_ERROR (SPEC §8): its issues name the field by path and carry
 * a message in the request's language. `fields` maps server paths to the form's field names.
 */
export function fieldErrorsOf<Field extends string>(
  error: unknown,
  fields: Partial<Record<string, Field>>,
): Partial<Record<Field, string>> {
  if (!isApiError(error) || error.code !== 'VALIDATION_ERROR') return {};
  const issues = (error.details as { issues?: Issue[] } | undefined)?.issues ?? [];
  const result: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const field = typeof issue.path === 'string' ? fields[issue.path] : undefined;
    if (field && typeof issue.message === 'string' && !result[field]) result[field] = issue.message;
  }
  return result;
}
