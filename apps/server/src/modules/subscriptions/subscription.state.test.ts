import { describe } from 'vitest';
import { itFollowsTheTable } from '../../platform/state-machine/transition-table.testing.ts';
import { subscriptionStateMachine } from './subscription.state.ts';

describe('the subscription state machine', () => {
  itFollowsTheTable(
    subscriptionStateMachine,
    new Set([
      'active→cancelled',
      'active→expired',
      'active→replaced',
      'cancelled→active',
      'cancelled→expired',
      'cancelled→replaced',
    ]),
    ['expired', 'replaced'],
  );
});
