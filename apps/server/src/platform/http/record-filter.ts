import { type ListFilter, listFilterSchema } from '@cutout/contracts';
import type { z } from 'zod';
import { DomainError } from '../errors.ts';

/** A list filter (SPEC §7.7) whose `where` a record controller has checked against its own schema. */
export type RecordFilter<Where> = Omit<ListFilter, 'where' | 'order'> & {
  where: Where;
  order: Array<{ property: string; direction: 'asc' | 'desc' }>;
};

function invalid(param: string, message: string, path: PropertyKey[] = []): DomainError {
  return new DomainError('VALIDATION_ERROR', {
    details: { param, issues: [{ path: path.map(String).join('.'), message }] },
  });
}

function readJson(param: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalid(param, `${param} is not JSON`);
  }
}

function checked<T extends z.ZodType>(param: string, schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  throw invalid(param, issue?.message ?? 'invalid', issue?.path ?? []);
}

/**
 * Reads the `?filter=` of a generic record controller's list (SPEC §7.7): JSON of where, include,
 * order, skip and limit. `where` must match the controller's schema and `order` name one of its
 * properties; anything else is a VALIDATION_ERROR naming the param, never a failure of the query.
 */
export function readRecordFilter<T extends z.ZodType>(
  text: string | undefined,
  options: { where: T; orderProperties: readonly string[] },
): RecordFilter<z.infer<T>> {
  const filter = checked('filter', listFilterSchema, text === undefined ? {} : readJson('filter', text));
  const where = checked('filter', options.where, filter.where ?? {});
  const order = filter.order?.split(' ') ?? [];
  const [property, direction] = order;
  if (property !== undefined && !options.orderProperties.includes(property))
    throw invalid('filter', `order must be by one of: ${options.orderProperties.join(', ')}`, ['order']);
  return {
    ...filter,
    where,
    order: property ? [{ property, direction: direction === 'desc' ? 'desc' : 'asc' }] : [],
  };
}

/** Reads the `?where=` of a generic record controller's count (SPEC §7.7). */
export function readRecordWhere<T extends z.ZodType>(text: string | undefined, where: T): z.infer<T> {
  return checked('where', where, text === undefined ? {} : readJson('where', text));
}
