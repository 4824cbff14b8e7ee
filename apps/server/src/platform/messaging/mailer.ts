import type {
  Mailer,
  MailTransportFactory,
  Sms,
  SmsTransportFactory,
  TransportContext,
} from './messaging.port.ts';
import { outboxMailTransport, outboxSmsTransport } from './outbox.transport.ts';
import { smtpMailTransport } from './smtp.transport.ts';

/**
 * The transports of mail and SMS, by name. The scheme of the configured URL names the transport
 * (SMTP_URL=smtps://… → 'smtps'); without a URL the outbox keeps the messages. Another mail
 * transport or an SMS provider is a new adapter beside these, registered once at start (e.g.
 * `registerSmsTransport('smsru', smsRuTransport)`), not a change to this file or to a module.
 */
const mailTransports = new Map<string, MailTransportFactory>([
  ['outbox', outboxMailTransport],
  ['smtp', smtpMailTransport],
  ['smtps', smtpMailTransport],
]);
const smsTransports = new Map<string, SmsTransportFactory>([['outbox', outboxSmsTransport]]);

function register<T>(registry: Map<string, T>, kind: string, name: string, factory: T): void {
  if (!/^[a-z][a-z0-9+.-]*$/.test(name)) throw new Error(`"${name}" cannot name a ${kind} transport`);
  if (registry.has(name)) throw new Error(`a ${kind} transport "${name}" is already registered`);
  registry.set(name, factory);
}

export function registerMailTransport(name: string, factory: MailTransportFactory): void {
  register(mailTransports, 'mail', name, factory);
}

export function registerSmsTransport(name: string, factory: SmsTransportFactory): void {
  register(smsTransports, 'SMS', name, factory);
}

/** The transport a URL names by its scheme; 'outbox' without one. */
export function transportOf(url: string | undefined): string {
  return url ? new URL(url).protocol.slice(0, -1) : 'outbox';
}

function pick<T>(registry: Map<string, T>, kind: string, name: string): T {
  const factory = registry.get(name);
  if (!factory) {
    throw new Error(`no ${kind} transport "${name}"; registered: ${[...registry.keys()].join(', ')}`);
  }
  return factory;
}

/** The mailer of the configured transport. */
export function createMailer(context: TransportContext): Mailer {
  const transport = transportOf(context.url);
  return { transport, ...pick(mailTransports, 'mail', transport)(context) };
}

/** The SMS sender of the configured transport. */
export function createSms(context: TransportContext): Sms {
  const transport = transportOf(context.url);
  return { transport, ...pick(smsTransports, 'SMS', transport)(context) };
}
