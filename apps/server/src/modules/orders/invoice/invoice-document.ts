/**
 * Everything an invoice shows, already decided by the orders flow: the renderer formats and lays out,
 * it never computes a number, a total or a tax. Money is integer minor units (kopecks, cents).
 */
export type InvoiceLanguage = 'en' | 'ru';

export type InvoiceCurrency = 'RUB' | 'USD' | 'EUR';

export type InvoiceStatus = 'awaiting_payment' | 'paid' | 'fulfilled' | 'cancelled' | 'refunded' | 'placed';

export interface InvoiceSeller {
  name: string;
  legalName: string;
  taxId: string | null;
  address: string;
  email: string;
  phone: string;
}

export interface InvoiceBuyer {
  name: string;
  email: string | null;
  phoneNumber: string | null;
  /** Where the order is delivered; null when it is collected at a pickup point or not delivered. */
  address: string | null;
  /** The pickup point the order is collected at (its name or address); null otherwise. */
  pickupPoint: string | null;
  /** Who receives the goods (name and phone) where the order names someone; null otherwise. */
  recipient: string | null;
}

export interface InvoiceLine {
  name: string;
  article: string | null;
  quantity: number;
  unit: string;
  unitPriceMinor: number;
  /** null when the seller is not a VAT payer for this line. */
  vatRatePercent: number | null;
  /** What the line costs, after the order's discount took its part (what the totals add up). */
  amountMinor: number;
  vatMinor: number;
  /** The line at its list price (price × quantity) where a discount took part of it. */
  listAmountMinor?: number;
  /** A product printed inside a set: shown under the set's line, shifted right. */
  indent?: boolean;
}

/** The lines' sums: `totalMinor` is what the lines add up to, after `discountMinor` was taken. */
export interface InvoiceTotals {
  withoutVatMinor: number;
  vatMinor: number;
  discountMinor: number;
  /** The part of discountMinor that is a plan upgrade's credit, printed apart from the discount (0 if none). */
  upgradeCreditMinor: number;
  totalMinor: number;
}

export interface InvoiceDocument {
  language: InvoiceLanguage;
  /** Gap-free number given by the orders flow, e.g. "INV-2026-000042". */
  number: string;
  issuedAt: Date;
  orderId: string;
  /** e.g. "Order No. 42". */
  orderName: string;
  status: InvoiceStatus;
  paidAt: Date | null;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  currency: InvoiceCurrency;
  lines: InvoiceLine[];
  totals: InvoiceTotals;
  /** The promo code redeemed with the order, named beside the discount (which may hold more). */
  promoCode: string | null;
  paymentMethod: string | null;
}
