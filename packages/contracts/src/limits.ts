import type { StoreConstants } from './store.ts';

/**
 * The product's rules and limits (SPEC §9) in one place: the server, the engine and the web app
 * import them from here and never write the numbers again.
 */

/** Image limits of the removal action. */
export const imageLimits = {
  /** Largest accepted input (and background image) file: 32 MB, reported in bytes. */
  maxFileBytes: 32 * 1024 * 1024,
  /** Inputs larger than this on either side are resized to fit before any other step. */
  maxSide: 6250,
  /** A `preview` result fits within this box (about 0.25 megapixel). */
  preview: { width: 625, height: 400 },
  /**
   * Header-declared pixel count above which an input is refused without decoding it
   * (decompression bombs). Honest photos stay far below: 200 MP is a 16k x 12k frame.
   */
  maxInputPixels: 200_000_000,
} as const;

/**
 * The names each size is asked for by (remove.bg's among them), matched in any letter case. The
 * preview names are the free ones: a caller without an account may use them.
 */
export const sizeNames = {
  preview: ['preview', 'small', 'regular'],
  full: ['full', '4k', 'auto', 'medium', 'hd'],
} as const;

/**
 * remove.bg's older size names: a full-size (charged) result that is at most this many megapixels.
 * `auto` is full when the caller has a litre to pay with and a preview otherwise.
 */
export const sizeMegapixels: Readonly<Record<string, number>> = { medium: 1.5, hd: 4 };

/** The balance rules: what a removal costs and what every verified account gets. */
export const litreRules = {
  /** Litres one full-size image costs (a preview is free). */
  costFull: 1,
  /** Free litres a month for an account with a verified e-mail or phone; not carried over. */
  freePerMonth: 5,
} as const;

/** Page sizes of the list screens (SPEC §9): the choices, the default, and the most one page may hold. */
export const listLimits = {
  pageSizes: [16, 32, 64, 128],
  defaultPageSize: 16,
  maxPageSize: 128,
  /** The longest search of a list (catalogue, blog, orders): a longer one is cut to it before it is sent. */
  maxSearchLength: 200,
} as const;

/** The business constants of SPEC §9 as `/constants` and store info serve them. */
export const businessConstants: StoreConstants = {
  removeBackgroundActionId: 'remove-background',
  litreCostFull: litreRules.costFull,
  litreCostPreview: 0,
  freeLitresPerMonth: litreRules.freePerMonth,
  smallestPlanImages: 10,
  yearlyDiscountPercent: 50,
  maxFileBytes: imageLimits.maxFileBytes,
  maxWidth: imageLimits.maxSide,
  maxHeight: imageLimits.maxSide,
  previewWidth: imageLimits.preview.width,
  previewHeight: imageLimits.preview.height,
  verificationCodeLength: 6,
  toastDurationMs: 4000,
  taskPanelHideDelayMs: 2500,
  blogPageSize: 8,
  ordersPageSize: 6,
  pageSizes: [...listLimits.pageSizes],
};
