import { includedVat, type Language, MONEY_UNIT, phoneView, shownLine } from '@cutout/contracts';
import { localized } from '../../../platform/localized.ts';
import type { OrderItemRow, OrderRow } from '../orders.repo.ts';
import { invoiceNumberOf, type OrdersService, orderNameOf } from '../orders.service.ts';
import type { InvoiceDocument, InvoiceLine, InvoiceSeller } from './invoice-document.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

/** A set's contents as the catalogue holds them now: each product's names and its list price. */
export interface SetContents {
  items: Array<{ name: string; quantity: number; unitPriceMinor: number | null }>;
}

const unitNames: Record<string, Record<string, string>> = {
  'units.piece': { en: 'pcs', ru: 'шт' },
  'units.service': { en: 'svc', ru: 'усл' },
  // A top-up is one line at its amount (shownLine), a service to the buyer's account.
  [MONEY_UNIT]: { en: 'svc', ru: 'усл' },
};
const unitOf = (unitId: string, language: Language) =>
  unitNames[unitId]?.[language] ?? unitId.replace('units.', '');

/**
 * Splits an amount over parts in proportion to their weights, in whole minor units: the last part
 * takes what rounding leaves, so the parts add up to the amount exactly.
 */
export function allocate(amount: number, weights: number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let left = amount;
  return weights.map((weight, index) => {
    if (index === weights.length - 1) return left;
    const share = total > 0 ? Math.round((amount * weight) / total) : index === 0 ? amount : 0;
    left -= share;
    return share;
  });
}

/**
 * A set's line as its print option says (SPEC §3 product_set_print_options): only_set prints the set,
 * set_and_products the set and its products under it (without amounts: the set carries them),
 * only_products its products, the set's amount split over them by their list prices.
 */
function setLines(item: OrderItemRow, line: InvoiceLine, contents: SetContents | null, language: Language) {
  if (!contents || item.setPrintOption === 'only_set' || !item.setPrintOption) return [line];
  const parts = contents.items.map((part) => ({
    name: part.name,
    article: null,
    quantity: part.quantity * item.quantity,
    unit: unitOf('units.piece', language),
    vatRatePercent: item.vatRatePercent,
  }));
  if (item.setPrintOption === 'set_and_products') {
    return [
      line,
      ...parts.map((part) => ({ ...part, unitPriceMinor: 0, amountMinor: 0, vatMinor: 0, indent: true })),
    ];
  }
  const amounts = allocate(
    item.amountMinor,
    contents.items.map((part) => (part.unitPriceMinor ?? 0) * part.quantity),
  );
  return parts.map((part, index) => {
    const amountMinor = amounts[index] ?? 0;
    return {
      ...part,
      unitPriceMinor: Math.round(amountMinor / part.quantity),
      amountMinor,
      vatMinor: includedVat(amountMinor, item.vatRatePercent),
    };
  });
}

/** The invoice of an order as a PDF in a language (SPEC §7.4 displayLayoutTemplate). */
export function createInvoiceService(deps: {
  orders: Pick<OrdersService, 'ownOrThrow' | 'itemsOf' | 'invoiceOf' | 'placeIn'>;
  seller: (language: Language) => Promise<InvoiceSeller>;
  buyer: (order: OrderRow) => Promise<{ name: string; email: string | null; phoneNumber: string | null }>;
  setContents: (productId: string, order: OrderRow, language: Language) => Promise<SetContents | null>;
  paymentMethod: (order: OrderRow, language: Language) => Promise<string | null>;
}) {
  return {
    async document(userId: string, orderId: string, language: Language): Promise<InvoiceDocument> {
      const order = await deps.orders.ownOrThrow(userId, orderId);
      const [items, invoice, seller, buyer, paymentMethod, place] = await Promise.all([
        deps.orders.itemsOf(order.id),
        deps.orders.invoiceOf(order.id),
        deps.seller(language),
        deps.buyer(order),
        deps.paymentMethod(order, language),
        deps.orders.placeIn(order.contacts, language),
      ]);
      const { contacts } = order;
      const recipient = [
        contacts.recipientName,
        contacts.recipientPhone && phoneView(contacts.recipientPhone),
      ]
        .filter(Boolean)
        .join(', ');
      const lines: InvoiceLine[] = [];
      for (const item of items) {
        const option = item.optionName ? ` (${localized(item.optionName, language)})` : '';
        const shown = shownLine({
          unitId: item.unitId,
          quantity: item.quantity,
          price: item.unitPriceMinor,
          amount: item.amountMinor,
        });
        const line: InvoiceLine = {
          name: `${localized(item.name, language)}${option}`,
          article: item.article,
          quantity: shown.quantity,
          unit: unitOf(item.unitId, language),
          unitPriceMinor: shown.price,
          vatRatePercent: item.vatRatePercent,
          amountMinor: item.amountMinor,
          vatMinor: item.vatMinor,
          // A discount took part of it: the line says what it was before, as the totals do.
          ...(shown.price * shown.quantity > item.amountMinor && {
            listAmountMinor: shown.price * shown.quantity,
          }),
        };
        const contents =
          item.setPrintOption && item.productId
            ? await deps.setContents(item.productId, order, language)
            : null;
        lines.push(...setLines(item, line, contents, language));
      }
      const issuedAt = invoice?.issuedAt ?? order.placedAt;
      return {
        language,
        number: invoice ? invoiceNumberOf(invoice) : orderNameOf(order.number, language),
        issuedAt,
        orderId: order.id,
        orderName: orderNameOf(order.number, language),
        status: order.status,
        paidAt: order.paidAt,
        seller,
        // The buyer is the account that pays; the one who receives the goods is named apart.
        buyer: {
          name: buyer.name,
          email: buyer.email,
          phoneNumber: buyer.phoneNumber && phoneView(buyer.phoneNumber),
          address: contacts.pickupPointId ? null : place,
          pickupPoint: contacts.pickupPointId ? place : null,
          recipient: recipient || null,
        },
        currency: order.currency as InvoiceDocument['currency'],
        lines,
        totals: {
          withoutVatMinor: order.amountMinor - order.vatMinor,
          vatMinor: order.vatMinor,
          discountMinor: order.discountMinor,
          upgradeCreditMinor: order.upgradeCreditMinor,
          totalMinor: order.amountMinor,
        },
        promoCode: order.promoCode,
        paymentMethod,
      };
    },

    async pdf(userId: string, orderId: string, language: Language): Promise<Buffer> {
      return renderInvoicePdf(await this.document(userId, orderId, language));
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
