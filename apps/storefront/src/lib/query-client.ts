import { MerxError } from '@merx/sdk';
import { QueryClient } from '@tanstack/react-query';

/** One cache for the whole shop; route loaders warm it before their page renders. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      // A refusal (4xx) will not change on retry; a network failure might.
      retry: (count, error) => count < 2 && !(error instanceof MerxError && (error.status ?? 500) < 500),
    },
  },
});
