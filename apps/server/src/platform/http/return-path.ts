import { safeReturnPath as safePath } from '@cutout/contracts';

/** A path of this site to return to (the contracts' one rule, shared with the web app), or `fallback`. */
export const safeReturnPath = (value: string | undefined | null, fallback = '/'): string =>
  safePath(value) ?? fallback;
