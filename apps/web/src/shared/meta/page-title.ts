import { useEffect, useSyncExternalStore } from 'react';

/**
 * Titles pages know only once their data has loaded (a product's name). While one is set, the
 * document title is it and the store name instead of the route's title. Each page keeps its own
 * entry and the latest wins: a page leaving after the next one arrived (a route swap can unmount
 * the old page a commit late) takes away only its own title.
 */
const entries = new Map<symbol, string>();
let pageTitle: string | null = null;
const listeners = new Set<() => void>();

function update(): void {
  const latest = [...entries.values()].at(-1) ?? null;
  if (latest === pageTitle) return;
  pageTitle = latest;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => pageTitle;

/** Titles the document with `title` (once it is set) while the calling page is shown. */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    const entry = Symbol(title);
    entries.set(entry, title);
    update();
    return () => {
      entries.delete(entry);
      update();
    };
  }, [title]);
}

/** The title a page has set, for the document meta updater. */
export function usePageTitleOverride(): string | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
