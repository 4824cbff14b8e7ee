import { randomUUID } from 'node:crypto';
import type { MailTransportFactory, SmsTransportFactory } from './messaging.port.ts';

/**
 * The default transports while no SMTP server or SMS provider is configured: each message is logged
 * and kept in the outbox table, where the development outbox page shows it.
 */
export const outboxMailTransport: MailTransportFactory = ({ outbox, log }) => ({
  async send(message) {
    await outbox.insert({
      id: randomUUID(),
      channel: 'email',
      recipient: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      transport: 'outbox',
      attachments:
        message.attachments?.map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          size: content.length,
        })) ?? null,
    });
    log.info({ to: message.to, subject: message.subject, text: message.text }, 'mail kept in the outbox');
  },
});

export const outboxSmsTransport: SmsTransportFactory = ({ outbox, log }) => ({
  async send(message) {
    await outbox.insert({
      id: randomUUID(),
      channel: 'sms',
      recipient: message.to,
      subject: null,
      text: message.text,
      html: null,
      transport: 'outbox',
    });
    log.info({ to: message.to, text: message.text }, 'SMS kept in the outbox');
  },
});
