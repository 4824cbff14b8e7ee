import { businessConstants } from '@cutout/contracts';

/**
 * Client-side values of SPEC §9. The business numbers come from the contracts, the one place the
 * server's GET /api/stores/constants reads them from too; the rest are the client's own timings.
 */
export const uiConstants = {
  toastDurationMs: businessConstants.toastDurationMs,
  searchDebounceMs: 1000,
  /** The pause after typing before an address change or a verification code takes effect. */
  inputDebounceMs: 1000,
  countdownTickMs: 1000,
  /** The pause after typing before a cart quantity is sent (SPEC §9). */
  cartQuantityDebounceMs: 1000,
  /** The pause after typing before the bonus points to write off are sent (SPEC §9). */
  cartBonusDebounceMs: 1000,
  /** The pause after typing before address suggestions are asked for. */
  suggestDebounceMs: 300,
  verificationCodeLength: businessConstants.verificationCodeLength,
  taskPanelHideDelayMs: businessConstants.taskPanelHideDelayMs,
  freeLitresPerMonth: businessConstants.freeLitresPerMonth,
  litreCostFull: businessConstants.litreCostFull,
  maxFileBytes: businessConstants.maxFileBytes,
  /** The file limit as people read it (32 MB). */
  maxFileMb: businessConstants.maxFileBytes / (1024 * 1024),
} as const;
