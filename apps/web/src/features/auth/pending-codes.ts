import { type PermissionItem, permissionItemSchema } from '@cutout/contracts';

/**
 * The codes asked for in this tab, by channel, purpose and address (session storage): a window
 * closed before the code came, and opened again, finds the code it asked for, as does a reload.
 * Without it the form would say the address is not confirmed and the server that it is too soon to
 * ask again (NEXT_REQUEST_NOT_YET). The code itself is never kept, only the server's item.
 */
const keyOf = (item: Pick<PermissionItem, 'typeId' | 'purpose'>, address: string) =>
  `pending-code:${item.purpose}:${item.typeId}:${address.trim().toLowerCase()}`;

/** The item asked for this address, unless it has expired (then it is forgotten). */
export function recallPendingCode(
  channel: Pick<PermissionItem, 'typeId' | 'purpose'>,
  address: string,
  now = Date.now(),
): PermissionItem | null {
  if (!address.trim()) return null;
  const key = keyOf(channel, address);
  try {
    const stored = window.sessionStorage.getItem(key);
    const item = stored ? permissionItemSchema.safeParse(JSON.parse(stored)) : null;
    if (item?.success && Date.parse(item.data.expiredAt) > now) return item.data;
    if (stored) window.sessionStorage.removeItem(key);
  } catch {
    // Storage unavailable or the value unreadable: as if nothing had been asked.
  }
  return null;
}

/**
 * Keeps the item the server answered for this address (its code left out) while it waits for its
 * code; a granted one is forgotten: the server takes it once, and a window opened again asks anew.
 */
export function rememberPendingCode(item: PermissionItem, address: string): void {
  try {
    const key = keyOf(item, address);
    if (item.granted) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, JSON.stringify({ ...item, otp: null }));
  } catch {
    // Not kept: a window opened again asks for a new code, as before.
  }
}
