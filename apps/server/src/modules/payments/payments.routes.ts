import type { FastifyInstance } from 'fastify';
import type { PaymentsService } from './payments.service.ts';

/**
 * Providers' notifications: POST /api/payments/webhooks/{provider}. The body is kept as received
 * (signatures are over its bytes); a notification that does not verify is answered 400 and changes
 * nothing; one that does is answered 200 once it is recorded and acted on.
 */
export async function paymentWebhookRoutes(
  app: FastifyInstance,
  options: { payments: PaymentsService },
): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.post<{ Params: { provider: string } }>('/:provider', async (request, reply) => {
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const verified = await options.payments.webhook(request.params.provider, {
      headers: request.headers,
      rawBody,
      client: request.ip,
    });
    return reply.code(verified ? 200 : 400).send({ result: verified });
  });
}
