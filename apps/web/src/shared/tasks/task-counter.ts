import { useSyncExternalStore } from 'react';

/**
 * How many images are being processed right now (SPEC §4): the image queue reports its count of
 * loading items, the task panel in the shell shows it. A plain store, so that the count survives
 * leaving the page the work was started on.
 */
let count = 0;
const listeners = new Set<() => void>();

export function setProcessingCount(next: number): void {
  if (next === count) return;
  count = next;
  for (const listener of listeners) listener();
}

export function getProcessingCount(): number {
  return count;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useProcessingCount(): number {
  return useSyncExternalStore(subscribe, getProcessingCount, getProcessingCount);
}
