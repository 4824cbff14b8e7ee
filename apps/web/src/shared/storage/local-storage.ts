import { storageKeys } from '@cutout/contracts';

export { storageKeys };
export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

// Storage can throw (Safari private mode, disabled cookies, quota): the app must keep working
// without persistence rather than crash.
export function readItem(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Not persisted; the in-memory value still applies for this visit.
  }
}
