/** Business limits of the removal action (SPEC.md §9). */
export const LIMITS = {
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
