import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type DemoAcquirer, type DemoPaymentRow, finalStatuses } from './demo-acquirer.ts';
import { type DemoPageView, renderDemoPage, renderNotFoundPage } from './demo-page.ts';

export interface DemoAcquirerRoutesOptions {
  acquirer: DemoAcquirer;
  /** The store's name, shown as the merchant on the page. */
  merchantName: string;
}

type Form = Record<string, string>;
type Params = { id: string };

/**
 * The demo acquirer's hosted payment page, under the prefix the caller registers it with (the app
 * mounts it at `/demo-acquirer`). Plain HTML forms, no script: it works with scripts off and under a
 * CSP with no script source at all.
 */
export async function demoAcquirerRoutes(app: FastifyInstance, options: DemoAcquirerRoutesOptions) {
  const { acquirer } = options;
  // Registered in this plugin's scope only: the rest of the API takes JSON and multipart.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const page = (reply: FastifyReply, payment: DemoPaymentRow, view: DemoPageView, status = 200) => {
    const nonce = randomBytes(16).toString('base64');
    securePage(reply, nonce, [payment.returnUrl, payment.cancelUrl]);
    const action = `${app.prefix}/pay/${encodeURIComponent(payment.id)}`;
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .send(renderDemoPage({ payment, merchantName: options.merchantName, action, view, nonce }));
  };

  const notFound = (reply: FastifyReply) => {
    const nonce = randomBytes(16).toString('base64');
    securePage(reply, nonce, []);
    return reply.code(404).type('text/html; charset=utf-8').send(renderNotFoundPage(nonce));
  };

  /** The page for where the payment stands now; a final one sends the browser back (303) when asked. */
  const show = async (reply: FastifyReply, payment: DemoPaymentRow, redirectWhenFinal: boolean) => {
    if (finalStatuses.includes(payment.status)) {
      const returnTo = returnAddress(payment);
      return redirectWhenFinal
        ? reply.redirect(returnTo, 303)
        : page(reply, payment, { kind: 'outcome', returnTo });
    }
    if (payment.status === 'awaiting_confirmation') {
      return page(reply, payment, { kind: 'confirm', code: await acquirer.issueCode(payment.id) });
    }
    return page(reply, payment, { kind: 'form' });
  };

  app.get<{ Params: Params }>('/pay/:id', async (request, reply) => {
    const payment = await acquirer.find(request.params.id);
    return payment ? show(reply, payment, false) : notFound(reply);
  });

  app.post<{ Params: Params; Body: Form }>('/pay/:id', async (request, reply) => {
    if (!(await acquirer.find(request.params.id))) return notFound(reply);
    const form = fields(request.body);
    const result = await acquirer.pay(request.params.id, {
      number: form('number'),
      expiry: form('expiry'),
      cvc: form('cvc'),
    });
    if (result.kind === 'invalid') {
      // The card number is shown back only when it was the valid part, and the CVC never.
      const values = { number: result.errors.number ? '' : form('number'), expiry: form('expiry') };
      return page(reply, result.payment, { kind: 'form', errors: result.errors, values }, 422);
    }
    return show(reply, result.payment, true);
  });

  app.post<{ Params: Params; Body: Form }>('/pay/:id/confirm', async (request, reply) => {
    if (!(await acquirer.find(request.params.id))) return notFound(reply);
    const result = await acquirer.confirm(request.params.id, fields(request.body)('code'));
    if (result.kind === 'wrong_code') {
      const code = await acquirer.issueCode(result.payment.id);
      return page(reply, result.payment, { kind: 'confirm', code, triesLeft: result.triesLeft }, 422);
    }
    return show(reply, result.payment, true);
  });

  app.post<{ Params: Params }>('/pay/:id/cancel', async (request, reply) => {
    if (!(await acquirer.find(request.params.id))) return notFound(reply);
    return show(reply, await acquirer.cancel(request.params.id), true);
  });
}

/** The payment's return address (its cancel address when canceled) with `paymentId` added. */
export function returnAddress(payment: DemoPaymentRow): string {
  const target = payment.status === 'canceled' ? payment.cancelUrl : payment.returnUrl;
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(target);
  const url = new URL(target, 'http://relative.invalid');
  url.searchParams.set('paymentId', payment.id);
  return absolute ? url.toString() : `${url.pathname}${url.search}${url.hash}`;
}

function fields(body: unknown): (name: string) => string {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return (name) => (typeof record[name] === 'string' ? (record[name] as string) : '');
}

/**
 * The site's CSP (helmet, set for every answer) allows forms to post to the site and to configured
 * providers only, and browsers check form-action along redirects too: the 303 back to the store's
 * return address (another origin when the store runs elsewhere) would be blocked. So these pages
 * answer their own, stricter policy: no scripts at all, the one inline style by nonce, forms to this
 * page and onward to the payment's own return and cancel addresses.
 */
function securePage(reply: FastifyReply, nonce: string, onward: string[]) {
  const origins = new Set<string>();
  for (const address of onward) {
    try {
      const { origin } = new URL(address);
      if (origin.startsWith('http')) origins.add(origin);
    } catch {
      // A relative address is the site's own: 'self' covers it.
    }
  }
  const directives = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' data:",
    `form-action 'self'${[...origins].map((origin) => ` ${origin}`).join('')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ];
  reply.header('content-security-policy', directives.join('; '));
  reply.header('cache-control', 'no-store');
  reply.header('referrer-policy', 'no-referrer');
}
