import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../shared/api/api-error.ts';

/** Client errors (4xx) are answers, not hiccups: they are not retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: options.retry === false ? false : shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * A page the browser restores from its back-forward cache (Back from a payment page) shows what it
 * had when it was left: the cart before the order emptied it, the balance before a payment. All
 * that is shown is read again then. Returns the function that stops listening.
 */
export function refetchOnRestore(queryClient: QueryClient, target: Window = window): () => void {
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) void queryClient.invalidateQueries();
  };
  target.addEventListener('pageshow', onPageShow);
  return () => target.removeEventListener('pageshow', onPageShow);
}
