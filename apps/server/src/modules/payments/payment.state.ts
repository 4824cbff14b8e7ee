import { defineStateMachine } from '../../platform/state-machine/state-machine.ts';

/**
 * A payment attempt: made (created), sent to the provider (pending), then paid, failed or canceled
 * as the provider reports; a paid one may be refunded. A provider may report a final state before
 * we saw it pending (a return that comes first), so created goes to each of them too.
 */
export const paymentStateMachine = defineStateMachine({
  name: 'payment',
  initial: 'created',
  transitions: {
    created: ['pending', 'paid', 'failed', 'canceled'],
    pending: ['paid', 'failed', 'canceled'],
    paid: ['refunded'],
    failed: [],
    canceled: [],
    refunded: [],
  },
});
