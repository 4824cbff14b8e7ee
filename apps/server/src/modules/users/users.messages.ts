import type { Language } from '@cutout/contracts';
import type { OutgoingMessage } from '../../platform/messaging/mailer.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const layout = (storeName: string, body: string) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1e293b;max-width:560px;margin:auto">` +
  `<h2 style="color:#6d28d9">${escapeHtml(storeName)}</h2>${body}</body></html>`;

const texts = {
  en: {
    codeSubject: (code: string) => `${code} is your verification code`,
    codeText: (code: string, minutes: number) =>
      `Your verification code: ${code}\nIt is valid for ${minutes} minutes. If you did not ask for it, ignore this message.`,
    resetSubject: 'Password reset',
    resetText: (link: string, minutes: number) =>
      `To set a new password, open this link (valid for ${minutes} minutes):\n${link}\n` +
      'If you did not ask for a password reset, ignore this message.',
    resetButton: 'Set a new password',
    sms: (code: string) => `Your code: ${code}`,
  },
  ru: {
    codeSubject: (code: string) => `${code} — ваш код подтверждения`,
    codeText: (code: string, minutes: number) =>
      `Ваш код подтверждения: ${code}\nОн действует ${minutes} минут. Если вы его не запрашивали, просто проигнорируйте письмо.`,
    resetSubject: 'Восстановление пароля',
    resetText: (link: string, minutes: number) =>
      `Чтобы задать новый пароль, откройте ссылку (она действует ${minutes} минут):\n${link}\n` +
      'Если вы не запрашивали восстановление пароля, просто проигнорируйте письмо.',
    resetButton: 'Задать новый пароль',
    sms: (code: string) => `Ваш код: ${code}`,
  },
} as const;

/** The e-mail that carries a verification code. */
export function codeMail(input: {
  to: string;
  code: string;
  minutes: number;
  language: Language;
  storeName: string;
}): OutgoingMessage {
  const t = texts[input.language];
  const text = t.codeText(input.code, input.minutes);
  const html = layout(
    input.storeName,
    `<p>${escapeHtml(text.split('\n')[0] ?? '')}</p>` +
      `<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(input.code)}</p>` +
      `<p>${escapeHtml(text.split('\n')[1] ?? '')}</p>`,
  );
  return { to: input.to, subject: t.codeSubject(input.code), text, html };
}

/** The e-mail with a one-time password reset link. */
export function resetMail(input: {
  to: string;
  link: string;
  minutes: number;
  language: Language;
  storeName: string;
}): OutgoingMessage {
  const t = texts[input.language];
  const text = t.resetText(input.link, input.minutes);
  const html = layout(
    input.storeName,
    `<p>${escapeHtml(text.split('\n')[0] ?? '')}</p>` +
      `<p><a href="${escapeHtml(input.link)}" style="background:#6d28d9;color:#fff;padding:10px 18px;` +
      `border-radius:8px;text-decoration:none">${t.resetButton}</a></p>` +
      `<p style="word-break:break-all;color:#64748b">${escapeHtml(input.link)}</p>` +
      `<p>${escapeHtml(text.split('\n')[2] ?? '')}</p>`,
  );
  return { to: input.to, subject: t.resetSubject, text, html };
}

/** The SMS that carries a verification code. */
export const codeSms = (code: string, language: Language): string => texts[language].sms(code);
