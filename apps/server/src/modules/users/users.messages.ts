import type { Language } from '@cutout/contracts';
import type { OutgoingMessage } from '../../platform/messaging/messaging.port.ts';

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
    sms: (store: string, code: string, minutes: number) =>
      `${store}: your code ${code}. It is valid for ${minutes} minutes. Do not give it to anyone.`,
    existsSubject: 'You already have an account',
    existsText: (loginLink: string, resetLink: string) =>
      'Someone (probably you) asked to register with this address, but an account with it already exists.\n' +
      `Sign in: ${loginLink}\nForgot the password? Reset it: ${resetLink}\n` +
      'If it was not you, ignore this message: nothing has changed.',
    existsSms: (site: string) => `An account with this number already exists. Sign in at ${site}`,
    keySubject: 'A new API key was issued for your account',
    keyText: (label: string, prefix: string, keysLink: string) =>
      `A new API key "${label}" (${prefix}…) was issued for your account. It can spend your litres.\n` +
      `If it was not you, reset your password and revoke the key: ${keysLink}`,
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
    sms: (store: string, code: string, minutes: number) =>
      `${store}: ваш код ${code}. Он действует ${minutes} минут. Никому его не сообщайте.`,
    existsSubject: 'У вас уже есть аккаунт',
    existsText: (loginLink: string, resetLink: string) =>
      'Кто-то (вероятно, вы) хотел зарегистрироваться с этим адресом, но аккаунт с ним уже есть.\n' +
      `Войти: ${loginLink}\nЗабыли пароль? Восстановите его: ${resetLink}\n` +
      'Если это были не вы, просто проигнорируйте письмо: ничего не изменилось.',
    existsSms: (site: string) => `Аккаунт с этим номером уже есть. Войдите на ${site}`,
    keySubject: 'Для вашего аккаунта выпущен новый API-ключ',
    keyText: (label: string, prefix: string, keysLink: string) =>
      `Для вашего аккаунта выпущен новый API-ключ «${label}» (${prefix}…). Он может тратить ваши литры.\n` +
      `Если это были не вы, восстановите пароль и отзовите ключ: ${keysLink}`,
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

/** The SMS that carries a verification code: whose it is, how long it lasts, and not to pass it on. */
export const codeSms = (input: { code: string; minutes: number; language: Language; storeName: string }) =>
  texts[input.language].sms(input.storeName, input.code, input.minutes);

const paragraphs = (text: string) =>
  text
    .split('\n')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');

/**
 * The e-mail a registration code request gets when the address already has an account: the same
 * answer as for a new address goes to the requester, and only the owner learns the account exists.
 */
export function accountExistsMail(input: {
  to: string;
  siteUrl: string;
  language: Language;
  storeName: string;
}): OutgoingMessage {
  const t = texts[input.language];
  const base = `${input.siteUrl}/${input.language}`;
  const text = t.existsText(`${base}?modal=login`, `${base}?modal=reset-password`);
  return { to: input.to, subject: t.existsSubject, text, html: layout(input.storeName, paragraphs(text)) };
}

/** The SMS a registration code request gets when the number already has an account. */
export const accountExistsSms = (siteUrl: string, language: Language): string =>
  texts[language].existsSms(siteUrl);

/** The e-mail to the owner of an account whenever an API key is issued for it. */
export function apiKeyIssuedMail(input: {
  to: string;
  label: string;
  prefix: string;
  siteUrl: string;
  language: Language;
  storeName: string;
}): OutgoingMessage {
  const t = texts[input.language];
  const text = t.keyText(input.label, input.prefix, `${input.siteUrl}/${input.language}/user/api`);
  return { to: input.to, subject: t.keySubject, text, html: layout(input.storeName, paragraphs(text)) };
}
