import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { NewsletterService } from './newsletter.service.ts';

const tokenBody = z.object({ token: z.string().min(1).max(200) });

/** /news: subscribe to the blog (double opt-in), confirm, unsubscribe. */
export async function newsletterRoutes(app: FastifyInstance, options: { newsletter: NewsletterService }) {
  const { newsletter } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/subscribe',
    {
      schema: {
        body: z.object({ email: z.string().max(300) }),
        response: { 200: z.object({ result: z.literal(true) }) },
      },
    },
    async (request) => {
      await newsletter.subscribe({
        email: request.body.email,
        language: request.store.language,
        client: request.ip,
      });
      return { result: true as const };
    },
  );
  api.post(
    '/confirm',
    {
      schema: { body: tokenBody, response: { 200: z.object({ status: z.enum(['confirmed', 'expired']) }) } },
    },
    async (request) => ({ status: await newsletter.confirm(request.body.token) }),
  );
  api.post(
    '/unsubscribe',
    { schema: { body: tokenBody, response: { 200: z.object({ result: z.boolean() }) } } },
    async (request) => ({ result: await newsletter.unsubscribe(request.body.token) }),
  );
}
