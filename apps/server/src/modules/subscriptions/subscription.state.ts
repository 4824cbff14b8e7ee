import { defineStateMachine } from '../../platform/state-machine/state-machine.ts';

/**
 * A subscription: active (renews at the end of its term), cancelled (runs to the end of the paid
 * term; resuming makes it active again), expired (the term ended without a renewal) or replaced (an
 * upgrade started a new subscription that took its plan litres).
 */
export const subscriptionStateMachine = defineStateMachine({
  name: 'subscription',
  initial: 'active',
  transitions: {
    active: ['cancelled', 'expired', 'replaced'],
    cancelled: ['active', 'expired', 'replaced'],
    expired: [],
    replaced: [],
  },
});
