import { describe, expect, it } from 'vitest';
import { defineStateMachine, IllegalTransitionError } from './state-machine.ts';

// The shape an order will have: paid or cancelled from pending, refunded after paid.
const order = defineStateMachine({
  name: 'order',
  initial: 'pending',
  transitions: {
    pending: ['paid', 'cancelled'],
    paid: ['refunded'],
    cancelled: [],
    refunded: [],
  },
});

describe('defineStateMachine', () => {
  it('allows the listed transitions and answers the new state', () => {
    expect(order.initial).toBe('pending');
    expect(order.transition('pending', 'paid')).toBe('paid');
    expect(order.transition('paid', 'refunded')).toBe('refunded');
    expect(order.can('pending', 'cancelled')).toBe(true);
    expect(order.next('pending')).toEqual(['paid', 'cancelled']);
  });

  it.each([
    ['pending', 'refunded'],
    ['paid', 'cancelled'],
    ['cancelled', 'paid'],
    ['refunded', 'paid'],
    ['paid', 'paid'],
  ] as const)('refuses %s → %s with a typed error naming the machine', (from, to) => {
    expect(order.can(from, to)).toBe(false);
    let error: unknown;
    try {
      order.transition(from, to);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(IllegalTransitionError);
    expect(error).toMatchObject({
      machine: 'order',
      from,
      to,
      message: `order: ${from} → ${to} is not allowed`,
    });
  });

  it('knows the final states', () => {
    expect(order.states.filter((state) => order.isFinal(state))).toEqual(['cancelled', 'refunded']);
  });

  it('refuses a definition that names an unknown state', () => {
    expect(() =>
      defineStateMachine({
        name: 'broken',
        initial: 'a',
        // biome-ignore lint/suspicious/noExplicitAny: an invalid definition on purpose
        transitions: { a: ['b'] } as any,
      }),
    ).toThrow('broken: a → b: b is not a state');
  });
});
