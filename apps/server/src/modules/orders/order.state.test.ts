import { describe, expect, it } from 'vitest';
import { IllegalTransitionError, type StateMachine } from '../../platform/state-machine/state-machine.ts';
import { paymentStateMachine } from '../payments/payment.state.ts';
import { orderStateMachine } from './order.state.ts';

/** Every pair of states, allowed or refused, as the machines must answer them. */
const orderAllowed = new Set([
  'placed→awaiting_payment',
  'placed→paid',
  'placed→cancelled',
  'awaiting_payment→paid',
  'awaiting_payment→cancelled',
  'paid→fulfilled',
  'paid→refunded',
  'fulfilled→refunded',
]);
const paymentAllowed = new Set([
  'created→pending',
  'created→paid',
  'created→failed',
  'created→canceled',
  'pending→paid',
  'pending→failed',
  'pending→canceled',
  'paid→refunded',
]);

describe.each<{ machine: StateMachine<string>; allowed: Set<string>; finals: string[] }>([
  { machine: orderStateMachine, allowed: orderAllowed, finals: ['cancelled', 'refunded'] },
  { machine: paymentStateMachine, allowed: paymentAllowed, finals: ['failed', 'canceled', 'refunded'] },
])('the $machine.name state machine', ({ machine, allowed, finals }) => {
  const pairs = machine.states.flatMap((from) => machine.states.map((to) => [from, to] as const));

  it.each(pairs)('%s → %s', (from, to) => {
    const key = `${from}→${to}`;
    expect(machine.can(from, to)).toBe(allowed.has(key));
    if (allowed.has(key)) expect(machine.transition(from, to)).toBe(to);
    else expect(() => machine.transition(from, to)).toThrow(IllegalTransitionError);
  });

  it('ends only in its final states', () => {
    expect(machine.states.filter((state) => machine.isFinal(state))).toEqual(finals);
  });
});
