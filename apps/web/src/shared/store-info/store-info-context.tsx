import type { StoreInfo } from '@cutout/contracts';
import { createContext, type ReactNode, useContext } from 'react';

const StoreInfoContext = createContext<StoreInfo | null>(null);

/** Provides the loaded store info below the language guard. */
export function StoreInfoProvider({ value, children }: { value: StoreInfo; children: ReactNode }) {
  return <StoreInfoContext value={value}>{children}</StoreInfoContext>;
}

/** The store info; only inside the shell, where the guard has loaded it. */
export function useStoreInfo(): StoreInfo {
  const info = useContext(StoreInfoContext);
  if (!info) throw new Error('useStoreInfo is used outside the language guard');
  return info;
}

/** The store info when it is loaded, else null (for screens that also render without it). */
export function useOptionalStoreInfo(): StoreInfo | null {
  return useContext(StoreInfoContext);
}
