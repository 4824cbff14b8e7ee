/**
 * The demo acquirer's test cards (the numbers Stripe made familiar) and the checks a card form
 * makes before anything is charged.
 */
export const demoTestCards = {
  paid: '4242424242424242',
  declined: '4000000000000002',
  confirmation: '4000000000003220',
} as const;

export type CardField = 'number' | 'expiry' | 'cvc';
export type CardFieldError = 'card_number_invalid' | 'expiry_invalid' | 'expiry_past' | 'cvc_invalid';

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardCheck =
  | { ok: true; number: string; outcome: 'paid' | 'declined' | 'confirmation' | 'unknown' }
  | { ok: false; errors: Partial<Record<CardField, CardFieldError>> };

/** Checks the form's fields; `now` decides whether the expiry is past. */
export function checkCard(input: CardInput, now: Date): CardCheck {
  const errors: Partial<Record<CardField, CardFieldError>> = {};
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhnValid(number)) errors.number = 'card_number_invalid';
  const expiry = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(input.expiry);
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) errors.expiry = 'expiry_invalid';
  else {
    // A card is good through the last day of its expiry month: compare with the first of the next.
    const endOfMonth = Date.UTC(2000 + Number(expiry[2]), month, 1);
    if (endOfMonth <= now.getTime()) errors.expiry = 'expiry_past';
  }
  if (!/^\d{3}$/.test(input.cvc.trim())) errors.cvc = 'cvc_invalid';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const outcome =
    number === demoTestCards.paid
      ? 'paid'
      : number === demoTestCards.declined
        ? 'declined'
        : number === demoTestCards.confirmation
          ? 'confirmation'
          : 'unknown';
  return { ok: true, number, outcome };
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
