import { describe } from 'vitest';
import { itFollowsTheTable } from '../../platform/state-machine/transition-table.testing.ts';
import { orderStateMachine } from './order.state.ts';

describe('the order state machine', () => {
  itFollowsTheTable(
    orderStateMachine,
    new Set([
      'placed→awaiting_payment',
      'placed→paid',
      'placed→cancelled',
      'awaiting_payment→paid',
      'awaiting_payment→cancelled',
      'paid→fulfilled',
      'paid→refunded',
      'fulfilled→refunded',
    ]),
    ['cancelled', 'refunded'],
  );
});
