import PDFDocument from 'pdfkit';
import type { InvoiceDocument } from './invoice-document.ts';
import { colors, fontFiles, type Pdf, page, type TextStyle, useStyle } from './invoice-style.ts';
import { drawLinesTable } from './invoice-table.ts';
import { type InvoiceWording, invoiceWording } from './invoice-texts.ts';

interface Frame {
  left: number;
  right: number;
  width: number;
  top: number;
  bottom: number;
}

const partyGap = 24;
const totalsWidth = 250;
const stampHeight = 24;

/** Renders the invoice as an A4 PDF in the document's language. */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const wording = invoiceWording(doc.language, doc.currency);
  const title = wording.t.title(doc.number, wording.date(doc.issuedAt));
  const pdf: Pdf = new PDFDocument({
    size: page.size,
    margins: page.margin,
    // Page numbers ("1 of 3") need every page still open when the last one is known.
    bufferPages: true,
    lang: doc.language === 'ru' ? 'ru-RU' : 'en-GB',
    displayTitle: true,
    info: { Title: title, Author: doc.seller.name, Subject: doc.orderName, CreationDate: doc.issuedAt },
  });
  const finished = collect(pdf);
  pdf.registerFont('regular', fontFiles.regular);
  pdf.registerFont('bold', fontFiles.bold);

  const frame = pageFrame(pdf);
  let y = drawHeading(pdf, { doc, wording, title, frame });
  y = drawParties(pdf, { doc, wording, frame, y: y + 18 });
  y = drawLinesTable(pdf, { doc, wording, y: y + 18, frame });
  drawTotals(pdf, { doc, wording, frame, y: y + 12 });
  drawFooters(pdf, { wording, number: doc.number, frame });

  pdf.end();
  return finished;
}

function collect(pdf: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
}

function pageFrame(pdf: Pdf): Frame {
  const { width, height } = pdf.page;
  const { left, right, top, bottom } = page.margin;
  return { left, right: width - right, width: width - left - right, top, bottom: height - bottom };
}

function drawHeading(
  pdf: Pdf,
  options: { doc: InvoiceDocument; wording: InvoiceWording; title: string; frame: Frame },
): number {
  const { doc, wording, title, frame } = options;
  // Only the letterhead sits beside the stamp; the title below it gets the full width.
  const stampWidth = drawStamp(pdf, { wording, doc, right: frame.right, y: frame.top });
  const letterheadWidth = frame.width - stampWidth - 16;
  useStyle(pdf, { font: 'bold', size: 16 }).text(doc.seller.name, frame.left, frame.top, {
    width: letterheadWidth,
  });
  useStyle(pdf, { size: 8.5, color: colors.muted }).text(doc.seller.legalName, { width: letterheadWidth });

  const titleY = Math.max(pdf.y, frame.top + stampHeight) + 12;
  useStyle(pdf, { font: 'bold', size: 14 }).text(title, frame.left, titleY, { width: frame.width });
  useStyle(pdf, { size: 9, color: colors.muted }).text(`${doc.orderName} · ${doc.orderId}`, {
    width: frame.width,
  });

  const y = pdf.y + 10;
  pdf.moveTo(frame.left, y).lineTo(frame.right, y).lineWidth(1).strokeColor(colors.text).stroke();
  return y;
}

/** Returns the stamp's width so the heading beside it can wrap before reaching it. */
function drawStamp(
  pdf: Pdf,
  options: { wording: InvoiceWording; doc: InvoiceDocument; right: number; y: number },
): number {
  const stamp = options.wording.stamp(options.doc);
  const color = colors[stamp.tone];
  const style: TextStyle = { font: 'bold', size: 10, color };
  const textWidth = useStyle(pdf, style).widthOfString(stamp.text);
  const width = textWidth + 20;
  const x = options.right - width;
  pdf.roundedRect(x, options.y, width, stampHeight, 4).lineWidth(1.5).strokeColor(color).stroke();
  useStyle(pdf, style).text(stamp.text, x + 10, options.y + 7, { width: textWidth + 1, lineBreak: false });
  return width;
}

function drawParties(
  pdf: Pdf,
  options: { doc: InvoiceDocument; wording: InvoiceWording; frame: Frame; y: number },
): number {
  const { doc, wording, frame, y } = options;
  const { t } = wording;
  const width = (frame.width - partyGap) / 2;
  const seller = [
    doc.seller.legalName,
    doc.seller.taxId ? `${t.taxId}: ${doc.seller.taxId}` : null,
    doc.seller.address,
    `${t.email}: ${doc.seller.email}`,
    `${t.phone}: ${doc.seller.phone}`,
  ];
  const buyer = [
    doc.buyer.address ? `${t.address}: ${doc.buyer.address}` : null,
    doc.buyer.pickupPoint ? `${t.pickupPoint}: ${doc.buyer.pickupPoint}` : null,
    doc.buyer.recipient ? `${t.recipient}: ${doc.buyer.recipient}` : null,
    doc.buyer.email ? `${t.email}: ${doc.buyer.email}` : null,
    doc.buyer.phoneNumber ? `${t.phone}: ${doc.buyer.phoneNumber}` : null,
  ];
  const sellerEnd = drawParty(pdf, {
    label: t.seller,
    name: doc.seller.name,
    rows: seller,
    x: frame.left,
    y,
    width,
  });
  const buyerEnd = drawParty(pdf, {
    label: t.buyer,
    name: doc.buyer.name,
    rows: buyer,
    x: frame.left + width + partyGap,
    y,
    width,
  });
  return Math.max(sellerEnd, buyerEnd);
}

function drawParty(
  pdf: Pdf,
  options: { label: string; name: string; rows: Array<string | null>; x: number; y: number; width: number },
): number {
  const { x, width } = options;
  useStyle(pdf, { font: 'bold', size: 7.5, color: colors.muted }).text(
    options.label.toUpperCase(),
    x,
    options.y,
    {
      width,
      characterSpacing: 0.6,
    },
  );
  pdf.moveDown(0.3);
  useStyle(pdf, { font: 'bold', size: 10 }).text(options.name, x, pdf.y, { width });
  useStyle(pdf, { size: 8.5 });
  for (const row of options.rows) {
    if (row) pdf.text(row, x, pdf.y + 1.5, { width });
  }
  return pdf.y;
}

function drawTotals(
  pdf: Pdf,
  options: { doc: InvoiceDocument; wording: InvoiceWording; frame: Frame; y: number },
): void {
  const { doc, wording, frame } = options;
  const { t } = wording;
  const { totals } = doc;
  const noVat = doc.lines.length > 0 && doc.lines.every((line) => line.vatRatePercent === null);
  // The lines already hold the discount: it is shown from what they were before it, so that
  // every figure adds up (before − discount − upgrade credit = to pay = without VAT + VAT).
  const credit = totals.upgradeCreditMinor;
  const discount = totals.discountMinor - credit;
  const rows: Array<[string, string]> = [
    ...(totals.discountMinor === 0
      ? []
      : ([
          [t.totals.beforeDiscount, wording.money(totals.totalMinor + totals.discountMinor)],
          ...(discount === 0 ? [] : [[t.totals.discount, `−${wording.money(Math.abs(discount))}`]]),
          ...(credit === 0 ? [] : [[t.totals.upgradeCredit, `−${wording.money(credit)}`]]),
        ] as Array<[string, string]>)),
    // Named under the discount, without an amount: the discount may also hold bonus points.
    ...(doc.promoCode ? ([[t.totals.promoCode, doc.promoCode]] as Array<[string, string]>) : []),
    [t.totals.withoutVat, wording.money(totals.withoutVatMinor)],
    [t.totals.vat, noVat ? t.vatNotApplicable : wording.money(totals.vatMinor)],
  ];

  const x = frame.right - totalsWidth;
  const labelWidth = totalsWidth * 0.55;
  const valueWidth = totalsWidth - labelWidth;
  const rowHeight = 15;
  // A row is one line high unless a long value (a promo code) wraps.
  const heights = rows.map(([label, value]) => {
    const text = useStyle(pdf, { size: 9 });
    const lines = Math.max(
      text.heightOfString(label, { width: labelWidth }),
      text.heightOfString(value, { width: valueWidth }),
    );
    return Math.max(rowHeight, lines + 4);
  });
  const blockHeight = heights.reduce((sum, height) => sum + height, 0) + 40 + (doc.paymentMethod ? 20 : 0);
  let y = options.y;
  // Totals never split from each other: the amount to pay must sit beside its breakdown.
  if (y + blockHeight > frame.bottom) {
    pdf.addPage();
    y = frame.top;
  }

  rows.forEach(([label, value], index) => {
    useStyle(pdf, { size: 9, color: colors.muted }).text(label, x, y, { width: labelWidth });
    useStyle(pdf, { size: 9 }).text(value, x + labelWidth, y, { width: valueWidth, align: 'right' });
    y += heights[index] ?? rowHeight;
  });

  y += 4;
  pdf.moveTo(x, y).lineTo(frame.right, y).lineWidth(1).strokeColor(colors.text).stroke();
  y += 8;
  const toPay: TextStyle = { font: 'bold', size: 11.5 };
  useStyle(pdf, toPay).text(t.totals.toPay, x, y, { width: labelWidth });
  useStyle(pdf, toPay).text(wording.money(totals.totalMinor), x + labelWidth, y, {
    width: valueWidth,
    align: 'right',
  });

  if (doc.paymentMethod) {
    useStyle(pdf, { size: 8.5, color: colors.muted }).text(
      `${t.paymentMethod}: ${doc.paymentMethod}`,
      x,
      pdf.y + 10,
      { width: totalsWidth, align: 'right' },
    );
  }
}

function drawFooters(pdf: Pdf, options: { wording: InvoiceWording; number: string; frame: Frame }): void {
  const { start, count } = pdf.bufferedPageRange();
  const style: TextStyle = { size: 7.5, color: colors.muted };
  for (let index = start; index < start + count; index += 1) {
    pdf.switchToPage(index);
    // Writing below the bottom margin would otherwise make pdfkit open a new page.
    const margins = pdf.page.margins;
    const bottom = margins.bottom;
    margins.bottom = 0;
    const y = options.frame.bottom + 22;
    const { left, right, width } = options.frame;
    pdf
      .moveTo(left, y - 6)
      .lineTo(right, y - 6)
      .lineWidth(0.5)
      .strokeColor(colors.rule)
      .stroke();
    useStyle(pdf, style).text(options.number, left, y, { width: width / 2, lineBreak: false });
    useStyle(pdf, style).text(options.wording.t.page(index - start + 1, count), left + width / 2, y, {
      width: width / 2,
      align: 'right',
      lineBreak: false,
    });
    margins.bottom = bottom;
  }
}
