import { describe } from 'vitest';
import { itFollowsTheTable } from '../../platform/state-machine/transition-table.testing.ts';
import { paymentStateMachine } from './payment.state.ts';

describe('the payment state machine', () => {
  itFollowsTheTable(
    paymentStateMachine,
    new Set([
      'created→pending',
      'created→paid',
      'created→failed',
      'created→canceled',
      'pending→paid',
      'pending→failed',
      'pending→canceled',
      'paid→refunded',
    ]),
    ['failed', 'canceled', 'refunded'],
  );
});
