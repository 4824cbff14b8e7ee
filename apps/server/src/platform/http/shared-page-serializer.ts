import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * The response serializer of a list answer (`{ output, …the rest }`) whose `output` is often a
 * shared page: one array kept in a cache and handed to many requests as it is. Such an array is
 * checked against the item schema and written out once; the rest of the answer (counts) each time.
 * An array built for one request (a user's own marks) is written out once too, and forgotten with
 * it. The pages handed out must not be changed after they are first answered, which holds for the
 * cached pages: they are never written to.
 */
export function sharedPageSerializer<Item, Rest extends z.ZodRawShape>(
  itemSchema: z.ZodType<Item>,
  restShape: Rest,
): FastifySerializerCompiler<unknown> {
  const outputSchema = z.array(itemSchema);
  const restSchema = z.object(restShape);
  const written = new WeakMap<readonly Item[], string>();
  return () => (data) => {
    const { output, ...rest } = data as { output: Item[] } & Record<string, unknown>;
    let page = written.get(output);
    if (page === undefined) {
      page = JSON.stringify(outputSchema.parse(output));
      written.set(output, page);
    }
    const head = JSON.stringify(restSchema.parse(rest));
    return `{"output":${page}${head === '{}' ? '}' : `,${head.slice(1)}`}`;
  };
}
