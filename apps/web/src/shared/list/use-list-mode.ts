import { useCallback, useState } from 'react';
import { readItem, storageKeys, writeItem } from '../storage/local-storage.ts';

/** How a list shows its items: cards in a grid, or rows (SPEC §2.2), kept under `list-mode`. */
export type ListMode = 'grid' | 'list';

function storedMode(): ListMode {
  return readItem(storageKeys.listMode) === 'list' ? 'list' : 'grid';
}

/** The chosen view of the lists, remembered in this browser. */
export function useListMode(): [ListMode, (mode: ListMode) => void] {
  const [mode, setMode] = useState(storedMode);
  const choose = useCallback((next: ListMode) => {
    writeItem(storageKeys.listMode, next);
    setMode(next);
  }, []);
  return [mode, choose];
}
