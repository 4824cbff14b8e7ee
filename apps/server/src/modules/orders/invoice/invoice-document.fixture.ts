import type { InvoiceDocument, InvoiceLanguage, InvoiceLine } from './invoice-document.ts';

const names: Record<InvoiceLanguage, string[]> = {
  en: [
    'Background removal, batch of 100 images',
    'Product photo retouching with shadow restoration and colour matching for a marketplace card',
    'Starter set',
    'Clipping path, simple',
    'Priority processing',
  ],
  ru: [
    'Удаление фона, пакет на 100 изображений',
    'Ретушь предметной фотографии с восстановлением тени и подбором цвета для карточки маркетплейса',
    'Стартовый набор',
    'Обтравка контура, простая',
    'Срочная обработка',
  ],
};

/** One line with VAT (20% by default) included in its amount, as Russian B2C prices are. */
export function sampleLine(
  name: string,
  quantity: number,
  unitPriceMinor: number,
  extra: Partial<InvoiceLine> = {},
): InvoiceLine {
  const amountMinor = quantity * unitPriceMinor;
  const vatRatePercent = extra.vatRatePercent === undefined ? 20 : extra.vatRatePercent;
  const vatMinor =
    vatRatePercent === null ? 0 : Math.round((amountMinor * vatRatePercent) / (100 + vatRatePercent));
  return {
    name,
    article: null,
    quantity,
    unit: 'pcs',
    unitPriceMinor,
    amountMinor,
    vatMinor,
    ...extra,
    vatRatePercent,
  };
}

/** A realistic invoice in either language, for tests and sample renders. */
export function sampleInvoice(
  language: InvoiceLanguage,
  overrides: Partial<InvoiceDocument> = {},
): InvoiceDocument {
  const unit = language === 'ru' ? 'шт' : 'pcs';
  const [batch, retouch, set, clipping, priority] = names[language] as [
    string,
    string,
    string,
    string,
    string,
  ];
  const lines: InvoiceLine[] = [
    sampleLine(batch, 3, 149_000, { article: 'BG-100', unit }),
    sampleLine(retouch, 12, 45_050, { article: 'RT-PRO-17', unit }),
    sampleLine(set, 1, 1_234_500, { unit }),
    sampleLine(clipping, 10, 0, { unit, indent: true, vatRatePercent: null }),
    sampleLine(priority, 1, 50_000, { unit: language === 'ru' ? 'усл' : 'svc', vatRatePercent: null }),
  ];
  return withTotals({
    language,
    number: 'INV-2026-000042',
    issuedAt: new Date('2026-11-25T10:00:00Z'),
    orderId: '5f0c6a8e-6f57-4a4f-9a43-1c1b8b9d2e11',
    orderName: language === 'ru' ? 'Заказ № 42' : 'Order No. 42',
    status: 'paid',
    paidAt: new Date('2026-11-26T08:30:00Z'),
    seller:
      language === 'ru'
        ? {
            name: 'Каттаут',
            legalName: 'ООО «Каттаут»',
            taxId: '7701234567',
            address: '125009, Москва, ул. Тверская, д. 7, офис 12',
            email: 'billing@cutout.example',
            phone: '+7 495 123-45-67',
          }
        : {
            name: 'Cutout',
            legalName: 'Cutout Ltd.',
            taxId: 'GB123456789',
            address: '12 Market Street, London EC1A 1BB, United Kingdom',
            email: 'billing@cutout.example',
            phone: '+44 20 7946 0958',
          },
    buyer:
      language === 'ru'
        ? {
            name: 'Иван Петров',
            email: 'ivan@example.ru',
            phoneNumber: '+7 916 000-11-22',
            address: 'Санкт-Петербург, Невский пр., д. 1',
            pickupPoint: null,
            recipient: null,
          }
        : {
            name: 'Jane Doe',
            email: 'jane@example.com',
            phoneNumber: null,
            address: '1 Main Road, Bristol',
            pickupPoint: null,
            recipient: null,
          },
    currency: language === 'ru' ? 'RUB' : 'EUR',
    lines,
    totals: { withoutVatMinor: 0, vatMinor: 0, discountMinor: 0, upgradeCreditMinor: 0, totalMinor: 0 },
    promoCode: null,
    paymentMethod: language === 'ru' ? 'Банковская карта' : 'Bank card',
    ...overrides,
  });
}

/**
 * Recomputes totals from the top-level lines (a set's products are priced in the set), so overriding
 * `lines` keeps the document consistent. A discount is taken from the first line, as checkout takes
 * an order's discount into its lines: that line keeps its list amount beside it.
 */
export function withTotals(doc: InvoiceDocument, discountMinor = doc.totals.discountMinor): InvoiceDocument {
  const first = doc.lines.findIndex((line) => !line.indent);
  const lines = doc.lines.map((line, index) => {
    if (index !== first || discountMinor === 0) return line;
    const amountMinor = line.amountMinor - discountMinor;
    const rate = line.vatRatePercent;
    return {
      ...line,
      listAmountMinor: line.amountMinor,
      amountMinor,
      vatMinor: rate === null ? 0 : Math.round((amountMinor * rate) / (100 + rate)),
    };
  });
  const totalMinor = lines.reduce((sum, l) => sum + (l.indent ? 0 : l.amountMinor), 0);
  const vatMinor = lines.reduce((sum, l) => sum + (l.indent ? 0 : l.vatMinor), 0);
  return {
    ...doc,
    lines,
    totals: {
      withoutVatMinor: totalMinor - vatMinor,
      vatMinor,
      discountMinor,
      upgradeCreditMinor: 0,
      totalMinor,
    },
  };
}
