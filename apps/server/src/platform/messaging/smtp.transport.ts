import nodemailer from 'nodemailer';
import type { MailTransportFactory } from './messaging.port.ts';

/** Mail through an SMTP server: `smtp://` or `smtps://user:password@host:port` (SMTP_URL). */
export const smtpMailTransport: MailTransportFactory = ({ url, from, log }) => {
  if (!url) throw new Error('the smtp mail transport needs SMTP_URL');
  const transporter = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transporter.sendMail({ from, ...message });
      log.info({ to: message.to, subject: message.subject }, 'mail sent');
    },
  };
};
