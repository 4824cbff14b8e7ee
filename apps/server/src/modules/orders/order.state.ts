import { defineStateMachine } from '../../platform/state-machine/state-machine.ts';

/**
 * An order: placed at checkout, awaiting payment while a payment is open, paid, then fulfilled
 * (digital goods at once, in the paying transaction; goods when they are delivered). An unpaid
 * order may be cancelled; a paid one refunded. An order with nothing to pay goes straight to paid.
 */
export const orderStateMachine = defineStateMachine({
  name: 'order',
  initial: 'placed',
  transitions: {
    placed: ['awaiting_payment', 'paid', 'cancelled'],
    awaiting_payment: ['paid', 'cancelled'],
    paid: ['fulfilled', 'refunded'],
    fulfilled: ['refunded'],
    cancelled: [],
    refunded: [],
  },
});
