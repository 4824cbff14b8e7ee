import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { outboxMessages } from './outbox.schema.ts';

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: OutgoingMessage): Promise<void>;
}

export interface Sms {
  readonly transport: 'outbox';
  send(message: { to: string; text: string }): Promise<void>;
}

interface Log {
  info(object: object, message: string): void;
}

/**
 * Mail through SMTP when a URL is configured; otherwise into the outbox: logged, and kept in the
 * database where the development outbox page shows it.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  log: Log;
}): Mailer {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      transport: 'smtp',
      async send(message) {
        await transporter.sendMail({ from: options.from, ...message });
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  return {
    transport: 'outbox',
    async send(message) {
      await options.db.insert(outboxMessages).values({
        id: randomUUID(),
        channel: 'email',
        recipient: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        transport: 'outbox',
      });
      options.log.info(
        { to: message.to, subject: message.subject, text: message.text },
        'mail kept in the outbox',
      );
    },
  };
}

/** SMS into the outbox; a provider adapter implements the same interface. */
export function createOutboxSms(options: { db: Db; log: Log }): Sms {
  return {
    transport: 'outbox',
    async send(message) {
      await options.db.insert(outboxMessages).values({
        id: randomUUID(),
        channel: 'sms',
        recipient: message.to,
        subject: null,
        text: message.text,
        html: null,
        transport: 'outbox',
      });
      options.log.info({ to: message.to, text: message.text }, 'SMS kept in the outbox');
    },
  };
}
