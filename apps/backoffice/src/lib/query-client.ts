import { MerxError } from '@merx/sdk';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isSignInRequired } from './errors';
import { startSignIn } from './session';

/** An ended sign-in anywhere sends the staff member to sign in again, and back to this page after. */
function onError(error: unknown): void {
  if (isSignInRequired(error)) void startSignIn();
}

/** One cache for the whole back office. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: true,
      // A refusal (4xx) will not change on retry; a network failure might.
      retry: (count, error) => count < 2 && !(error instanceof MerxError && (error.status ?? 0) < 500),
    },
  },
});
