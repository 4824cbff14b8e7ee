import type { FastifyInstance } from 'fastify';
import type { OutboxMessageRow, OutboxRepo } from './outbox.repo.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The last messages as a static page with its own inline styles and nothing else. */
function outboxPage(rows: OutboxMessageRow[]): string {
  const items = rows
    .map(
      (row) =>
        `<article><header><b>${escapeHtml(row.channel)}</b> to <b>${escapeHtml(row.recipient)}</b> · ` +
        `${row.createdAt.toISOString()}${row.subject ? ` · ${escapeHtml(row.subject)}` : ''}</header>` +
        `<pre>${escapeHtml(row.text)}</pre></article>`,
    )
    .join('');
  return (
    '<!doctype html><html><head><meta charset="utf-8"><title>Outbox</title><style>' +
    'body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;color:#1e293b}' +
    'article{border:1px solid #e2e8f0;border-radius:8px;padding:12px;margin:12px 0}' +
    'pre{white-space:pre-wrap}</style></head><body><h1>Outbox</h1>' +
    '<p>Mail and SMS kept here because no SMTP server or SMS provider is configured.</p>' +
    (items || '<p>Nothing sent yet.</p>') +
    '</body></html>'
  );
}

/**
 * The development outbox: the last mails and SMS the service "sent" while no SMTP server or SMS
 * provider is configured. It shows every code and reset link, so it is registered only in
 * development or when the operator asks for it (OUTBOX_PAGE=true), never by default.
 */
export async function outboxRoutes(app: FastifyInstance, options: { outbox: OutboxRepo }): Promise<void> {
  const latest = () => options.outbox.latest(50);

  app.get('/api/dev/outbox', async () => ({ messages: await latest() }));

  app.get('/dev/outbox', async (_request, reply) =>
    reply
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      )
      .type('text/html; charset=utf-8')
      .send(outboxPage(await latest())),
  );
}
