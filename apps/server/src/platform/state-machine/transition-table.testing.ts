import { expect, it } from 'vitest';
import { IllegalTransitionError, type StateMachine } from './state-machine.ts';

/**
 * Checks a machine against its whole transition table: every pair of states is allowed exactly
 * when `allowed` lists it ('from→to'), a refused one throws, and only `finals` end it.
 */
export function itFollowsTheTable(
  machine: StateMachine<string>,
  allowed: Set<string>,
  finals: string[],
): void {
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
}
