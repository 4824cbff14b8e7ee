import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleInvoice, sampleLine, withTotals } from './invoice-document.fixture.ts';
import type { InvoiceDocument } from './invoice-document.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

let dir = '';

beforeAll(() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
  } catch {
    // A missing tool must fail loudly: a skipped PDF test would hide a broken invoice.
    throw new Error(
      'pdftotext not found: install poppler-utils (apt-get install -y poppler-utils) to run these tests',
    );
  }
  dir = mkdtempSync(join(tmpdir(), 'invoice-pdf-'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function renderToFile(doc: InvoiceDocument): Promise<string> {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, await renderInvoicePdf(doc));
  return file;
}

/** Extracted text with every run of whitespace (wrapped cells, no-break spaces) collapsed to one space. */
function textOf(file: string, pages?: { first: number; last: number }): string {
  const range = pages ? ['-f', String(pages.first), '-l', String(pages.last)] : [];
  return execFileSync('pdftotext', [...range, file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

function pageCount(file: string): number {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
}

describe('renderInvoicePdf', () => {
  it('renders a Russian invoice with Cyrillic text and rouble amounts', async () => {
    const doc = withTotals(sampleInvoice('ru'), 25_000);
    const text = textOf(await renderToFile(doc));

    expect(text).toContain('Счёт № INV-2026-000042 от 25 ноября 2026 г.');
    expect(text).toContain('Оплачен 26 ноября 2026 г.');
    expect(text).toContain('ООО «Каттаут»');
    expect(text).toContain('ИНН: 7701234567');
    for (const header of ['№', 'Наименование', 'Кол-во', 'Ед.', 'Цена', 'НДС', 'Сумма']) {
      expect(text).toContain(header);
    }
    for (const line of doc.lines) expect(text).toContain(line.name);
    expect(text).toContain('Без НДС');
    // The discount lies in the first line, which says what it was before; the totals add up.
    expect(text).toContain('Без скидки: 4 470,00 ₽');
    expect(text).toContain('22 721,00 ₽');
    expect(text).toContain('Итого без НДС 18 809,17 ₽');
    expect(text).toContain('НДС 3 661,83 ₽');
    expect(text).toContain('Скидка −250,00 ₽');
    expect(text).toContain('Итого к оплате 22 471,00 ₽');
    expect(text).toContain('Способ оплаты: Банковская карта');
  });

  it('renders an English invoice with the same layout', async () => {
    const doc = withTotals(sampleInvoice('en'), 25_000);
    const text = textOf(await renderToFile(doc));

    expect(text).toContain('Invoice No. INV-2026-000042 of 25 November 2026');
    expect(text).toContain('Paid on 26 November 2026');
    for (const header of ['No.', 'Item', 'Qty', 'Unit', 'Price', 'VAT', 'Amount'])
      expect(text).toContain(header);
    for (const line of doc.lines) expect(text).toContain(line.name);
    expect(text).toContain('VAT not applicable');
    expect(text).toContain('Before discount: €4,470.00');
    expect(text).toContain('Total without VAT €18,809.17');
    // The totals' labels and values come out of the PDF's text in drawing order, not row by row.
    for (const piece of ['Before discount', 'Discount', '€22,721.00', '−€250.00'])
      expect(text).toContain(piece);
    expect(text).toContain('Total to pay €22,471.00');
  });

  it('names the promo code under the discount, without claiming the discount as its own', async () => {
    const ru = textOf(await renderToFile(withTotals(sampleInvoice('ru', { promoCode: 'SPRING50' }), 25_000)));
    expect(ru).toContain('Скидка −250,00 ₽ Промокод SPRING50 Итого без НДС 18 809,17 ₽');

    const en = textOf(await renderToFile(withTotals(sampleInvoice('en', { promoCode: 'SPRING50' }), 25_000)));
    // Labels and values come out in drawing order: the code's label after the discount's, its value after.
    expect(en).toContain('Before discount Discount Promo code');
    expect(en).toContain('−€250.00 SPRING50 Total without VAT €18,809.17');

    const none = textOf(await renderToFile(withTotals(sampleInvoice('en'), 25_000)));
    expect(none).toContain('Discount');
    expect(none).not.toContain('Promo code');
  });

  it('wraps a long promo code in its row, the totals below it kept clear', async () => {
    const code = `${'A'.repeat(40)}${'B'.repeat(40)}`;
    const text = textOf(await renderToFile(withTotals(sampleInvoice('en', { promoCode: code }), 25_000)));
    const after = text.slice(text.indexOf('−€250.00'));
    expect(after.replace(/\s/g, '')).toContain(`−€250.00${code}TotalwithoutVAT€18,809.17VAT€3,661.83`);
    expect(text).toContain('Total to pay €22,471.00');
  });

  it('names a pickup point as such, not as the buyer’s address', async () => {
    const sample = sampleInvoice('ru');
    const buyer = {
      ...sample.buyer,
      address: null,
      pickupPoint: 'Пункт выдачи «Тверская», ул. Тверская, д. 7',
    };
    const text = textOf(await renderToFile({ ...sample, buyer }));
    expect(text).toContain('Пункт выдачи: Пункт выдачи «Тверская», ул. Тверская, д. 7');
    expect(text).not.toContain('Адрес:');
  });

  it('shows the rouble sign, not the code, on an English invoice in roubles', async () => {
    const text = textOf(await renderToFile(sampleInvoice('en', { currency: 'RUB' })));
    expect(text).toContain('Total to pay ₽22,721.00');
    expect(text).not.toContain('RUB');
  });

  it('stamps the status that the order is in', async () => {
    const awaiting = textOf(
      await renderToFile(sampleInvoice('ru', { status: 'awaiting_payment', paidAt: null })),
    );
    expect(awaiting).toContain('Ожидает оплаты');
    expect(awaiting).not.toContain('Оплачен');

    const cancelled = textOf(await renderToFile(sampleInvoice('en', { status: 'cancelled', paidAt: null })));
    expect(cancelled).toContain('Cancelled');
    expect(cancelled).not.toContain('Paid on');
  });

  it('leaves the discount out when there is none and says VAT is not applicable when no line has it', async () => {
    const lines = [sampleLine('Срочная обработка', 1, 50_000, { unit: 'усл', vatRatePercent: null })];
    const text = textOf(await renderToFile(withTotals(sampleInvoice('ru', { lines }), 0)));
    expect(text).not.toContain('Скидка');
    expect(text).toContain('НДС Без НДС');
    expect(text).toContain('Итого к оплате 500,00 ₽');
  });

  it('continues a long table on new pages with the header repeated', async () => {
    const lines = Array.from({ length: 60 }, (_, i) =>
      sampleLine(
        `Позиция ${i + 1}: удаление фона с длинным описанием, которое переносится на вторую строку`,
        1,
        10_000,
        {
          unit: 'шт',
        },
      ),
    );
    const file = await renderToFile(withTotals(sampleInvoice('ru', { lines })));
    const pages = pageCount(file);
    expect(pages).toBeGreaterThanOrEqual(2);

    const second = textOf(file, { first: 2, last: 2 });
    expect(second).toContain('Наименование');
    expect(second).toContain('Кол-во');
    expect(second).toContain(`Страница 2 из ${pages}`);

    const all = textOf(file);
    for (const line of lines) expect(all).toContain(line.name);
    const last = textOf(file, { first: pages, last: pages });
    expect(last).toContain('Итого к оплате 6 000,00 ₽');
  });

  it('sets the title, author and creation date in the PDF metadata', async () => {
    const file = await renderToFile(sampleInvoice('ru'));
    const info = execFileSync('pdfinfo', ['-isodates', file], { encoding: 'utf8' });
    expect(info).toMatch(/^Title:\s+Счёт № INV-2026-000042 от 25 ноября 2026 г\.$/m);
    expect(info).toMatch(/^Author:\s+Каттаут$/m);
    expect(info).toMatch(/^CreationDate:\s+2026-11-25T10:00:00/m);
  });

  it('renders the same document to the same bytes', async () => {
    const doc = sampleInvoice('en');
    expect((await renderInvoicePdf(doc)).equals(await renderInvoicePdf(doc))).toBe(true);
  });
});
