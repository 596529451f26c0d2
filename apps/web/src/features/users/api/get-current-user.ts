import type { UserProfile } from '@reformer/domain/users';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

export const currentUserQueryKey = ['users', 'me'] as const;

export function getCurrentUser(): Promise<UserProfile> {
  return api.get<UserProfile>('/users/me');
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getCurrentUser,
    staleTime: STALE_TIME.currentUser,
  });
}
