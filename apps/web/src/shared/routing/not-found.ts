import { isRouteErrorResponse } from 'react-router';
import { isApiError } from '../api/api-error.ts';

/**
 * Thrown while rendering a detail screen whose record does not exist or whose address names none
 * (SPEC §2.2): the route's error element shows the page-not-found screen for it.
 */
export class NotFoundError extends Error {
  constructor(message = 'Not found') {
    super(message);
    this.name = 'NotFoundError';
  }
}

/** Whether a route error means "no such page": a NotFoundError, a 404 answer or a 404 route response. */
export function isNotFoundError(error: unknown): boolean {
  if (error instanceof NotFoundError) return true;
  if (isApiError(error)) return error.status === 404;
  return isRouteErrorResponse(error) && error.status === 404;
}
