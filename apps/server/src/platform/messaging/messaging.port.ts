import type { OutboxRepo } from './outbox.repo.ts';

/** An e-mail as the modules write it: both a text and an HTML part. */
export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with it (an invoice PDF). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingSms {
  to: string;
  text: string;
}

/** Sends mail. Which transport does it is configuration (see mailer.ts); the modules never know. */
export interface Mailer {
  /** The name the transport was registered under ('outbox', 'smtp', …). */
  readonly transport: string;
  send(message: OutgoingMessage): Promise<void>;
}

/** Sends SMS; the same port as the mailer, with its own transports. */
export interface Sms {
  readonly transport: string;
  send(message: OutgoingSms): Promise<void>;
}

export interface MessagingLog {
  info(object: object, message: string): void;
}

/** What a transport is made from: its URL (SMTP_URL, an SMS provider's), the sender, the outbox. */
export interface TransportContext {
  /** The transport's address with its credentials; its scheme chose the transport. */
  url: string | undefined;
  /** The sender of mail (MAIL_FROM). */
  from: string;
  /** Where the outbox transports keep what they "send". */
  outbox: OutboxRepo;
  log: MessagingLog;
}

export type MailTransportFactory = (context: TransportContext) => Omit<Mailer, 'transport'>;
export type SmsTransportFactory = (context: TransportContext) => Omit<Sms, 'transport'>;
