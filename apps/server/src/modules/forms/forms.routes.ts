import { formAnswerRequestSchema, formAnswerResultSchema, formSchema } from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FormsService } from './forms.service.ts';

/**
 * /forms and /formAnswers (SPEC §7.6): a form's definition, and an answer to it from anyone (a
 * signed-in user's answer carries their id). /formAnswers/process is the generic record call for
 * the same answer.
 */
export async function formsRoutes(app: FastifyInstance, options: { forms: FormsService }): Promise<void> {
  const { forms } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/forms/:id/fetchForm',
    {
      schema: {
        params: z.object({ id: z.string().min(1).max(100) }),
        body: z.object({}).passthrough().nullish(),
        response: { 200: formSchema },
      },
    },
    (request) => forms.get(request.params.id, request.store.language),
  );
  for (const path of ['/forms/answer', '/formAnswers/process']) {
    api.post(
      path,
      { schema: { body: formAnswerRequestSchema, response: { 200: formAnswerResultSchema } } },
      (request) =>
        forms.answer(request.body, {
          userId: request.user?.id ?? null,
          client: request.ip,
          language: request.store.language,
        }),
    );
  }
}
