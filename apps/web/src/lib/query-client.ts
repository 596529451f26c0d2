import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './api-error.ts';

/** Cache freshness of spec core.md §7. */
export const STALE_TIME = {
  list: 5 * 60_000,
  accessProfile: 2 * 60_000,
  currentUser: 5 * 60_000,
  staff: 2 * 60_000,
  invitations: 60_000,
} as const;

const MAX_RETRIES = 3;
const MAX_RETRY_DELAY_MS = 30_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME.list,
        // A 4xx is the server's answer (not signed in, forbidden, not found): retrying cannot change it.
        retry: (failureCount, error) => !isClientError(error) && failureCount < MAX_RETRIES,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS),
      },
      mutations: { retry: false },
    },
  });
}
