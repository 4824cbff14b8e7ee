import { useSyncExternalStore } from 'react';

/**
 * How many images are being processed right now (SPEC §4): the image queue reports its count of
 * loading items, and each request that failed, the task panel in the shell shows them. A plain
 * store, so that the count survives leaving the page the work was started on.
 */
export interface ProcessingState {
  /** Images in progress. */
  count: number;
  /** Requests that failed since the count last rose from zero (this batch of work). */
  failed: number;
}

let state: ProcessingState = { count: 0, failed: 0 };
const listeners = new Set<() => void>();

function publish(next: ProcessingState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function setProcessingCount(next: number): void {
  if (next === state.count) return;
  // Work starting from nothing is a new batch: its failures are counted afresh.
  publish({ count: next, failed: state.count === 0 ? 0 : state.failed });
}

/** A request of the current batch failed: the panel will not say that all images are processed. */
export function reportFailedTask(): void {
  publish({ ...state, failed: state.failed + 1 });
}

export function getProcessingCount(): number {
  return state.count;
}

export function getProcessingState(): ProcessingState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useProcessingState(): ProcessingState {
  return useSyncExternalStore(subscribe, getProcessingState, getProcessingState);
}
