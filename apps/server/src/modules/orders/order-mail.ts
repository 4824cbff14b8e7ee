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
  },
} satisfies Record<Language, unknown>;

/**
 * The 'order paid' mail (issue 14): the order's lines and total in the buyer's language, a link to
 * the order, and the invoice PDF attached. It goes to the buyer's e-mail, or the recipient's when the
 * buyer has none (an anonymous checkout); with neither, nothing is sent. The pin codes and gift
 * cards the order issued are listed in it.
 */
export function createOrderMail(deps: {
  mailer: Mailer;
  invoices: Pick<InvoiceService, 'document' | 'pdf'>;
  recipientOf: (order: OrderRow) => Promise<string | null>;
  codesOf: (order: OrderRow, language: Language) => Promise<Voucher[]>;
  siteUrl: string;
}) {
  return {
    async sendPaid(order: OrderRow): Promise<void> {
      // The account that paid; the recipient's e-mail only where the account has none.
      const to = (await deps.recipientOf(order)) ?? order.contacts.recipientEmail;
      if (!to) return;
      const language: Language = languages.find((candidate) => candidate === order.language) ?? 'en';
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
  };
}
