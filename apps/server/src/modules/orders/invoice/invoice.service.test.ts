import { describe, expect, it } from 'vitest';
import type { OrderItemRow, OrderRow } from '../orders.repo.ts';
import { allocate, createInvoiceService } from './invoice.service.ts';

const order = {
  id: 'o1',
  number: 7,
  userId: 'u1',
  status: 'paid',
  currency: 'RUB',
  language: 'en',
  amountMinor: 1_190_000,
  vatMinor: 214_590,
  discountMinor: 0,
  placedAt: new Date('2026-11-25T10:00:00Z'),
  paidAt: new Date('2026-11-25T10:05:00Z'),
  contacts: { recipientName: null, recipientEmail: null, recipientPhone: null, deliveryAddress: null },
} as unknown as OrderRow;

const kit = (setPrintOption: string): OrderItemRow =>
  ({
    id: 'i1',
    orderId: 'o1',
    position: 0,
    type: 'regular',
    productId: 'kit',
    name: { en: 'Starter kit' },
    optionName: null,
    article: 'KIT-01',
    unitId: 'units.piece',
    quantity: 2,
    unitPriceMinor: 595_000,
    amountMinor: 1_190_000,
    vatRatePercent: 22,
    vatMinor: 214_590,
    productSetId: null,
    setPrintOption,
  }) as unknown as OrderItemRow;

function invoicesFor(item: OrderItemRow) {
  return createInvoiceService({
    orders: {
      ownOrThrow: async () => order,
      placeIn: async () => order.contacts.deliveryAddress,
      itemsOf: async () => [item],
      invoiceOf: async () => ({
        id: 'inv',
        orderId: 'o1',
        year: 2026,
        sequence: 42,
        issuedAt: order.placedAt,
      }),
    },
    seller: async () => ({
      name: 'Cutout',
      legalName: 'Cutout Ltd.',
      taxId: null,
      address: '',
      email: '',
      phone: '',
    }),
    buyer: async () => ({ name: 'Ann', email: 'ann@example.com', phoneNumber: null }),
    setContents: async () => ({
      items: [
        { name: 'Light box', quantity: 1, unitPriceMinor: 490_000 },
        { name: 'Paper backdrop', quantity: 2, unitPriceMinor: 250_000 },
        { name: 'Tripod', quantity: 1, unitPriceMinor: 420_000 },
      ],
    }),
    paymentMethod: async () => null,
  });
}

describe('invoice lines of a set (product_set_print_options)', () => {
  it('only_set prints the set alone', async () => {
    const doc = await invoicesFor(kit('only_set')).document('u1', 'o1', 'en');
    expect(doc.number).toBe('INV-2026-000042');
    expect(doc.lines.map((line) => line.name)).toEqual(['Starter kit']);
  });

  it('set_and_products prints the set, then its products under it without amounts', async () => {
    const doc = await invoicesFor(kit('set_and_products')).document('u1', 'o1', 'en');
    expect(
      doc.lines.map((line) => [line.name, line.quantity, line.amountMinor, line.indent ?? false]),
    ).toEqual([
      ['Starter kit', 2, 1_190_000, false],
      ['Light box', 2, 0, true],
      ['Paper backdrop', 4, 0, true],
      ['Tripod', 2, 0, true],
    ]);
  });

  it('only_products splits the set’s amount over its products by their list prices, to the kopeck', async () => {
    const doc = await invoicesFor(kit('only_products')).document('u1', 'o1', 'en');
    const amounts = doc.lines.map((line) => line.amountMinor);
    expect(doc.lines.map((line) => line.name)).toEqual(['Light box', 'Paper backdrop', 'Tripod']);
    expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(1_190_000);
    expect(amounts).toEqual(allocate(1_190_000, [490_000, 500_000, 420_000]));
  });
});

describe('invoice line of a personal-account top-up', () => {
  it('is one service at its amount in both languages, not 1,000 units at 1.00', async () => {
    const topUp = {
      ...kit(''),
      productId: 'top-up',
      name: { en: 'Personal account top-up', ru: 'Пополнение лицевого счёта' },
      article: null,
      unitId: 'units.money',
      quantity: 1_000,
      unitPriceMinor: 100,
      amountMinor: 100_000,
      vatRatePercent: null,
      vatMinor: 0,
      setPrintOption: null,
    } as unknown as OrderItemRow;
    for (const [language, unit] of [
      ['en', 'svc'],
      ['ru', 'усл'],
    ] as const) {
      const doc = await invoicesFor(topUp).document('u1', 'o1', language);
      expect(doc.lines).toEqual([
        expect.objectContaining({ quantity: 1, unit, unitPriceMinor: 100_000, amountMinor: 100_000 }),
      ]);
    }
  });
});

describe('invoice line of a discounted product', () => {
  it('keeps the amount the order charged and says what it was before the discount', async () => {
    const halfOff = {
      ...kit(''),
      productId: 'light-box',
      name: { en: 'Folding light box' },
      quantity: 2,
      unitPriceMinor: 690_000,
      amountMinor: 690_000,
      vatMinor: 124_426,
      setPrintOption: null,
    } as unknown as OrderItemRow;
    const doc = await invoicesFor(halfOff).document('u1', 'o1', 'en');
    expect(doc.lines).toEqual([
      expect.objectContaining({ unitPriceMinor: 690_000, amountMinor: 690_000, listAmountMinor: 1_380_000 }),
    ]);
    // A line nothing was taken from says nothing of it.
    const whole = await invoicesFor(kit('')).document('u1', 'o1', 'en');
    expect(whole.lines[0]).not.toHaveProperty('listAmountMinor');
  });
});

describe('allocate', () => {
  it.each([
    [100, [1, 1, 1], [33, 33, 34]],
    [1, [5, 5], [1, 0]],
    [0, [3, 7], [0, 0]],
    [10, [0, 0], [10, 0]],
  ])('%i over %j is %j', (amount, weights, parts) => {
    expect(allocate(amount, weights)).toEqual(parts);
  });
});
