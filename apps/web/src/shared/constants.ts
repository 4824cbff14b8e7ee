/**
 * Client-side values of SPEC §9. The server's GET /api/stores/constants is the source for the
 * business numbers; these are the ones the shell needs before or without that call.
 */
export const uiConstants = {
  toastDurationMs: 4000,
  searchDebounceMs: 1000,
  /** The pause after typing before an address change or a verification code takes effect. */
  inputDebounceMs: 1000,
  countdownTickMs: 1000,
  verificationCodeLength: 6,
  taskPanelHideDelayMs: 2500,
  freeLitresPerMonth: 5,
  litreCostFull: 1,
  maxFileMb: 32,
} as const;
