import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';

/**
 * A typed quantity the cart does not hold yet: 'pending' (valid, waiting for its debounce or not
 * sent) or 'invalid' (cannot be sent at all).
 */
export type QuantityDraftState = 'pending' | 'invalid';

/** Sends nothing itself: stops the field's debounce and gives its pending quantity, or null. */
export type QuantityFlush = () => number | null;

export interface QuantityDrafts {
  /** A field tells its state (null: the cart holds what it shows); the answer forgets it. */
  report: (id: string, state: QuantityDraftState | null, flush: QuantityFlush) => () => void;
  /** Takes every pending quantity out of its debounce, to be sent at once. */
  flush: () => Array<{ id: string; quantity: number }>;
  pending: boolean;
  invalid: boolean;
}

/**
 * The quantities typed in the cart's fields but not in the cart yet (SPEC §9 debounces them by a
 * second), so that checkout can send them first and refuse while one is invalid: an order is never
 * placed with a quantity other than the one shown.
 */
export function useQuantityDrafts(): QuantityDrafts {
  const flushes = useRef(new Map<string, QuantityFlush>());
  const [states, setStates] = useState<Readonly<Record<string, QuantityDraftState>>>({});

  const report = useCallback((id: string, state: QuantityDraftState | null, flush: QuantityFlush) => {
    flushes.current.set(id, flush);
    setStates((current) => withState(current, id, state));
    return () => {
      if (flushes.current.get(id) === flush) flushes.current.delete(id);
      setStates((current) => withState(current, id, null));
    };
  }, []);

  const flush = useCallback(
    () =>
      [...flushes.current].flatMap(([id, take]) => {
        const quantity = take();
        return quantity === null ? [] : [{ id, quantity }];
      }),
    [],
  );

  return useMemo(() => {
    const values = Object.values(states);
    return { report, flush, pending: values.includes('pending'), invalid: values.includes('invalid') };
  }, [report, flush, states]);
}

function withState(
  current: Readonly<Record<string, QuantityDraftState>>,
  id: string,
  state: QuantityDraftState | null,
) {
  if ((current[id] ?? null) === state) return current;
  const next = { ...current };
  if (state) next[id] = state;
  else delete next[id];
  return next;
}

export const QuantityDraftsContext = createContext<QuantityDrafts | null>(null);

/** The cart's drafts, where a cart provides them (a field alone works without). */
export const useQuantityDraftsContext = () => useContext(QuantityDraftsContext);
