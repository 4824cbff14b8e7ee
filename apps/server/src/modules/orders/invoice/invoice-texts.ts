import { formatMoney } from '@cutout/contracts';
import type { InvoiceCurrency, InvoiceDocument, InvoiceLanguage } from './invoice-document.ts';

interface InvoiceTexts {
  title: (number: string, date: string) => string;
  seller: string;
  buyer: string;
  taxId: string;
  email: string;
  phone: string;
  address: string;
  pickupPoint: string;
  recipient: string;
  article: string;
  columns: {
    no: string;
    item: string;
    qty: string;
    unit: string;
    price: string;
    vat: string;
    amount: string;
  };
  vatNotApplicable: string;
  totals: {
    beforeDiscount: string;
    withoutVat: string;
    vat: string;
    discount: string;
    upgradeCredit: string;
    promoCode: string;
    toPay: string;
  };
  paymentMethod: string;
  paidOn: (date: string) => string;
  paid: string;
  awaitingPayment: string;
  fulfilled: string;
  cancelled: string;
  refunded: string;
  page: (page: number, count: number) => string;
}

const texts: Record<InvoiceLanguage, InvoiceTexts> = {
  en: {
    title: (number, date) => `Invoice No. ${number} of ${date}`,
    seller: 'Seller',
    buyer: 'Buyer',
    taxId: 'Tax ID',
    email: 'Email',
    phone: 'Phone',
    address: 'Address',
    pickupPoint: 'Pickup point',
    recipient: 'Recipient',
    article: 'Art.',
    columns: {
      no: 'No.',
      item: 'Item',
      qty: 'Qty',
      unit: 'Unit',
      price: 'Price',
      vat: 'VAT',
      amount: 'Amount',
    },
    vatNotApplicable: 'VAT not applicable',
    totals: {
      beforeDiscount: 'Before discount',
      withoutVat: 'Total without VAT',
      vat: 'VAT',
      discount: 'Discount',
      upgradeCredit: 'Unused part of the previous plan',
      promoCode: 'Promo code',
      toPay: 'Total to pay',
    },
    paymentMethod: 'Payment method',
    paidOn: (date) => `Paid on ${date}`,
    paid: 'Paid',
    awaitingPayment: 'Awaiting payment',
    fulfilled: 'Fulfilled',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
    page: (page, count) => `Page ${page} of ${count}`,
  },
  ru: {
    title: (number, date) => `Счёт № ${number} от ${date}`,
    seller: 'Продавец',
    buyer: 'Покупатель',
    taxId: 'ИНН',
    email: 'Эл. почта',
    phone: 'Телефон',
    address: 'Адрес',
    pickupPoint: 'Пункт выдачи',
    recipient: 'Получатель',
    article: 'Арт.',
    columns: {
      no: '№',
      item: 'Наименование',
      qty: 'Кол-во',
      unit: 'Ед.',
      price: 'Цена',
      vat: 'НДС',
      amount: 'Сумма',
    },
    vatNotApplicable: 'Без НДС',
    totals: {
      beforeDiscount: 'Без скидки',
      withoutVat: 'Итого без НДС',
      vat: 'НДС',
      discount: 'Скидка',
      upgradeCredit: 'Неиспользованная часть прежнего тарифа',
      promoCode: 'Промокод',
      toPay: 'Итого к оплате',
    },
    paymentMethod: 'Способ оплаты',
    paidOn: (date) => `Оплачен ${date}`,
    paid: 'Оплачен',
    awaitingPayment: 'Ожидает оплаты',
    fulfilled: 'Выполнен',
    cancelled: 'Отменён',
    refunded: 'Возвращён',
    page: (page, count) => `Страница ${page} из ${count}`,
  },
};

const locales: Record<InvoiceLanguage, string> = { en: 'en-GB', ru: 'ru-RU' };

export type StampTone = 'good' | 'pending' | 'void';

/** Labels, money, dates and the status stamp of one invoice, all in the document's language. */
export function invoiceWording(language: InvoiceLanguage, currency: InvoiceCurrency) {
  const locale = locales[language];
  const quantity = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  // The document carries no time zone; UTC keeps the printed date the same on every server.
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const t = texts[language];

  return {
    t,
    // As the site and the mails write money: "₽1,234.50" in English, not "RUB 1,234.50".
    money: (minor: number) => formatMoney(minor, currency, locale),
    quantity: (value: number) => quantity.format(value),
    date: (value: Date) => date.format(value),
    percent: (rate: number) => `${quantity.format(rate)}%`,
    stamp(doc: Pick<InvoiceDocument, 'status' | 'paidAt'>): { text: string; tone: StampTone } {
      const paid = doc.paidAt ? t.paidOn(date.format(doc.paidAt)) : null;
      switch (doc.status) {
        case 'paid':
          return { text: paid ?? t.paid, tone: 'good' };
        case 'fulfilled':
          return { text: paid ?? t.fulfilled, tone: 'good' };
        case 'awaiting_payment':
        case 'placed':
          return { text: t.awaitingPayment, tone: 'pending' };
        case 'cancelled':
          return { text: t.cancelled, tone: 'void' };
        case 'refunded':
          return { text: t.refunded, tone: 'void' };
      }
    },
  };
}

export type InvoiceWording = ReturnType<typeof invoiceWording>;
