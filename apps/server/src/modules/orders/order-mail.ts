import { formatMoney, type Language, languages, type Voucher } from '@cutout/contracts';
import type { Mailer } from '../../platform/messaging/messaging.port.ts';
import type { InvoiceService } from './invoice/invoice.service.ts';
import type { OrderRow } from './orders.repo.ts';
import { orderNameOf } from './orders.service.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const texts = {
  en: {
    subject: (name: string) => `${name} is paid`,
    intro: (name: string) => `Thank you! ${name} is paid. The invoice is attached.`,
    total: 'Total',
    listPrice: (amount: string) => `${amount} before the discount`,
    free: 'free',
    promoCode: 'Promo code',
    open: 'Your order',
    codes: 'Your codes (apply them in your account, or give them to someone):',
    returnedSubject: (number: number) => `Your second payment for Order No. ${number} is returned`,
    returned: (number: number, amount: string) =>
      `Order No. ${number} was already paid when it was paid a second time, so the second payment of ${amount} has been returned to you in full. Banks take up to a few days to show the money back. There is nothing you need to do.`,
  },
  ru: {
    subject: (name: string) => `${name} оплачен`,
    intro: (name: string) => `Спасибо! ${name} оплачен. Счёт — во вложении.`,
    total: 'Итого',
    listPrice: (amount: string) => `без скидки ${amount}`,
    free: 'бесплатно',
    promoCode: 'Промокод',
    open: 'Ваш заказ',
    codes: 'Ваши коды (примените их в личном кабинете или подарите):',
    returnedSubject: (number: number) => `Повторная оплата заказа № ${number} возвращена`,
    returned: (number: number, amount: string) =>
      `Заказ № ${number} был уже оплачен, когда его оплатили ещё раз, поэтому второй платёж на ${amount} возвращён полностью. Банку может понадобиться несколько дней, чтобы деньги появились на счёте. Делать ничего не нужно.`,
  },
} satisfies Record<Language, unknown>;

/**
 * The 'order paid' mail (issue 14): the order's lines and total in the buyer's language, a link to
 * the order, and the invoice PDF attached. It goes to the buyer's e-mail, or the recipient's when the
 * buyer has none (an anonymous checkout); with neither, nothing is sent. The pin codes and gift
 * cards the order issued are listed in it. The 'second payment returned' mail goes the same way.
 */
export function createOrderMail(deps: {
  mailer: Mailer;
  invoices: Pick<InvoiceService, 'document' | 'pdf'>;
  recipientOf: (order: OrderRow) => Promise<string | null>;
  codesOf: (order: OrderRow, language: Language) => Promise<Voucher[]>;
  siteUrl: string;
}) {
  /** The account that paid; the recipient's e-mail only where the account has none. */
  const mailOf = async (order: OrderRow) => (await deps.recipientOf(order)) ?? order.contacts.recipientEmail;
  const languageOf = (order: OrderRow): Language =>
    languages.find((candidate) => candidate === order.language) ?? 'en';

  return {
    async sendPaid(order: OrderRow): Promise<void> {
      const to = await mailOf(order);
      if (!to) return;
      const language = languageOf(order);
      const t = texts[language];
      const document = await deps.invoices.document(order.userId, order.id, language);
      const pdf = await deps.invoices.pdf(order.userId, order.id, language);
      const name = orderNameOf(order.number, language);
      const lines = document.lines.filter((line) => !line.indent);
      const link = `${deps.siteUrl}/${language}/user/orders/${encodeURIComponent(order.id)}`;
      const money = (amountMinor: number) => formatMoney(amountMinor, order.currency, language);
      const total = `${t.total}: ${money(order.amountMinor)}`;
      const promoCode = document.promoCode ? `${t.promoCode}: ${document.promoCode}` : null;
      // A line a promo code took part of says its list price too: "× 1 — 145 ₽" alone reads as a price.
      const lineText = (line: (typeof lines)[number]) =>
        `${line.name} × ${line.quantity} — ${line.amountMinor === 0 ? t.free : money(line.amountMinor)}` +
        (line.listAmountMinor === undefined ? '' : ` (${t.listPrice(money(line.listAmountMinor))})`);
      const codes = (await deps.codesOf(order, language)).map(
        (voucher) => `${voucher.productName ?? ''}: ${voucher.code}`,
      );
      const text = [
        t.intro(name),
        '',
        ...lines.map(lineText),
        '',
        total,
        ...(promoCode ? [promoCode] : []),
        ...(codes.length > 0 ? ['', t.codes, ...codes] : []),
        '',
        `${t.open}: ${link}`,
      ].join('\n');
      const html =
        `<p>${escapeHtml(t.intro(name))}</p><ul>` +
        lines.map((line) => `<li>${escapeHtml(lineText(line))}</li>`).join('') +
        `</ul><p><strong>${escapeHtml(total)}</strong></p>` +
        (promoCode ? `<p>${escapeHtml(promoCode)}</p>` : '') +
        (codes.length > 0
          ? `<p>${escapeHtml(t.codes)}</p><ul>${codes.map((code) => `<li><code>${escapeHtml(code)}</code></li>`).join('')}</ul>`
          : '') +
        `<p><a href="${escapeHtml(link)}">${escapeHtml(t.open)}</a></p>`;
      await deps.mailer.send({
        to,
        subject: t.subject(name),
        text,
        html,
        attachments: [{ filename: `${document.number}.pdf`, contentType: 'application/pdf', content: pdf }],
      });
    },

    /**
     * The 'second payment returned' mail: the order was paid twice (two payment pages, both paid)
     * and the provider has taken the return of the second payment, in full.
     */
    async sendDuplicateReturned(order: OrderRow, returned: { amountMinor: number; currency: string }) {
      const to = await mailOf(order);
      if (!to) return;
      const language = languageOf(order);
      const t = texts[language];
      const link = `${deps.siteUrl}/${language}/user/orders/${encodeURIComponent(order.id)}`;
      const intro = t.returned(order.number, formatMoney(returned.amountMinor, returned.currency, language));
      await deps.mailer.send({
        to,
        subject: t.returnedSubject(order.number),
        text: [intro, '', `${t.open}: ${link}`].join('\n'),
        html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.open)}</a></p>`,
      });
    },
  };
}
