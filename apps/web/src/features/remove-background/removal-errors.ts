import {
  actionFailedDetailsSchema,
  downloadProblemOf,
  imageProblem,
  invalidInputActionErrorCodes,
} from '@cutout/contracts';
import { clientErrorCodes, isApiError } from '../../shared/api/api-error.ts';

/** Why an image could not be processed, in the terms of SPEC §8.3, plus the client's own checks. */
export type RemovalFailure =
  | { type: 'action'; errorCode: number; value?: string | number }
  | { type: 'insufficientBalance' }
  | { type: 'authorizationRequired' }
  | { type: 'serverBusy' }
  | { type: 'network' }
  | { type: 'unsupportedFile' }
  | { type: 'fileTooBig'; maxBytes: number }
  | { type: 'unknown' };

/** The ACTION_FAILED errorCodes with a text of their own (SPEC §8.3, plus 115, 116, 124 and 125). */
const knownActionCodes = new Set([
  100, 101, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 124, 125,
]);

/** Reads a failed execute call; any other code or an unreadable answer is the unknown error. */
export function removalFailureOf(error: unknown): RemovalFailure {
  if (!isApiError(error)) return { type: 'unknown' };
  switch (error.code) {
    case 'ACTION_FAILED': {
      const details = actionFailedDetailsSchema.safeParse(error.details);
      if (!details.success || !knownActionCodes.has(details.data.errorCode)) return { type: 'unknown' };
      return { type: 'action', ...details.data };
    }
    case 'INSUFFICIENT_BALANCE':
      return { type: 'insufficientBalance' };
    case 'AUTHORIZATION_REQUIRED':
      return { type: 'authorizationRequired' };
    case 'SERVER_BUSY':
      return { type: 'serverBusy' };
    case clientErrorCodes.network:
      return { type: 'network' };
    default:
      return { type: 'unknown' };
  }
}

/** Whether the failure is the input image's own fault (codes 103, 107, 108, 109, 113, 124 and the client checks). */
export function isInvalidInput(failure: RemovalFailure): boolean {
  if (failure.type === 'unsupportedFile' || failure.type === 'fileTooBig') return true;
  return failure.type === 'action' && invalidInputActionErrorCodes.includes(failure.errorCode);
}

const bytesInMb = 1024 * 1024;

/** The en/ru text of a failure. */
export function removalFailureMessage(
  failure: RemovalFailure,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  switch (failure.type) {
    case 'action': {
      if (failure.errorCode === 103) {
        const bytes = Number(failure.value);
        const mb = Number.isFinite(bytes) && bytes > 0 ? Math.round(bytes / bytesInMb) : 32;
        return t('removal.errors.103', { mb });
      }
      if (failure.errorCode === 113 || failure.errorCode === 114) {
        // The server says what was wrong with a readable picture: damaged, or too many megapixels.
        if (failure.value === imageProblem.damaged) return t(`removal.errors.${failure.errorCode}_damaged`);
        if (typeof failure.value === 'number') {
          return t(`removal.errors.${failure.errorCode}_megapixels`, { value: failure.value });
        }
      }
      if (failure.errorCode === 106 || failure.errorCode === 107) {
        // The server's cause is a fixed English phrase (contracts' downloadProblem): told in the page's language.
        const problem = downloadProblemOf(failure.value);
        const cause = problem
          ? t(`removal.errors.download.${problem.name}`, { count: problem.count })
          : (failure.value ?? '');
        return t(`removal.errors.${failure.errorCode}`, { value: cause });
      }
      return t(`removal.errors.${failure.errorCode}`, { value: failure.value ?? '' });
    }
    case 'fileTooBig':
      return t('removal.errors.103', { mb: Math.round(failure.maxBytes / bytesInMb) });
    case 'unsupportedFile':
      return t('removal.errors.unsupportedFile');
    case 'insufficientBalance':
      return t('removal.errors.insufficientBalance');
    case 'authorizationRequired':
      return t('removal.errors.authorizationRequired');
    case 'serverBusy':
      return t('removal.errors.serverBusy');
    case 'network':
      return t('core_network_connection_failed');
    case 'unknown':
      return t('removal.errors.unknown');
  }
}
