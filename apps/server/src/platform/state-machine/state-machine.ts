/**
 * An explicit state machine for the records that move through a life cycle (orders, payments,
 * subscriptions): the states, the transitions allowed from each, and a typed error for any other.
 * The definition is data, so it can be printed, tested and documented as it is.
 */
export interface StateMachine<State extends string> {
  readonly name: string;
  readonly states: readonly State[];
  readonly initial: State;
  /** Whether `from → to` is allowed. */
  can(from: State, to: State): boolean;
  /** The states reachable from `from` in one step. */
  next(from: State): readonly State[];
  /** Answers `to` when `from → to` is allowed; throws IllegalTransitionError otherwise. */
  transition(from: State, to: State): State;
  /** Whether nothing can follow the state. */
  isFinal(state: State): boolean;
}

/** A refused transition: a bug or a race in the caller, never bad user input. */
export class IllegalTransitionError<State extends string = string> extends Error {
  constructor(
    readonly machine: string,
    readonly from: State,
    readonly to: State,
  ) {
    super(`${machine}: ${from} → ${to} is not allowed`);
    this.name = 'IllegalTransitionError';
  }
}

/**
 * Defines a state machine from its transitions: `{ pending: ['paid', 'cancelled'], paid: ['refunded'] }`.
 * Every state must be listed (a final one with `[]`), and every target must be a known state.
 */
export function defineStateMachine<const State extends string>(definition: {
  name: string;
  initial: NoInfer<State>;
  transitions: Record<State, readonly NoInfer<State>[]>;
}): StateMachine<State> {
  const states = Object.keys(definition.transitions) as State[];
  for (const [from, targets] of Object.entries(definition.transitions) as Array<[State, readonly State[]]>) {
    for (const to of targets) {
      if (!states.includes(to)) throw new Error(`${definition.name}: ${from} → ${to}: ${to} is not a state`);
    }
  }
  if (!states.includes(definition.initial)) {
    throw new Error(`${definition.name}: the initial state ${definition.initial} is not a state`);
  }
  const can = (from: State, to: State) => definition.transitions[from]?.includes(to) ?? false;
  return {
    name: definition.name,
    states,
    initial: definition.initial,
    can,
    next: (from) => definition.transitions[from] ?? [],
    transition(from, to) {
      if (!can(from, to)) throw new IllegalTransitionError(definition.name, from, to);
      return to;
    },
    isFinal: (state) => (definition.transitions[state]?.length ?? 0) === 0,
  };
}
