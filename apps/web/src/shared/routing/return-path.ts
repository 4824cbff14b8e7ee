import { safeReturnPath as safePath } from '@cutout/contracts';

/** A return path the app may follow on this page's origin, or null (see the contracts' rule). */
export const safeReturnPath = (
  value: string | null | undefined,
  origin: string = window.location.origin,
): string | null => safePath(value, origin);
