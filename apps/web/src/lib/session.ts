import { queryOptions } from '@tanstack/react-query';
import { authClient } from './auth-client.ts';

export const sessionQueryKey = ['auth', 'session'] as const;

/** The better-auth cookie session: `null` when signed out. The app shows a spinner until it has loaded. */
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: async () => {
      const { data, error } = await authClient.getSession();
      if (error) throw new Error(error.message ?? `Session request failed (HTTP ${error.status})`);
      return data ?? null;
    },
    staleTime: 5 * 60_000,
    retry: 1,
  });
}
