import type { Waitlist } from '@reformer/domain/waitlist';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { sessionsQueryKey } from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';
import { sessionQueryKey } from './get-session.ts';
import { sessionListsQueryKey, sessionsPath } from './get-sessions.ts';

/** Every waitlist of the organization: a roster change (a cancellation offers the seat) refreshes them. */
export function waitlistsQueryKey(organizationId: string) {
  return [...sessionsQueryKey(organizationId), 'waitlist'] as const;
}

export function waitlistPath(organizationId: string, sessionId: string): string {
  return `${sessionsPath(organizationId, sessionId)}/waitlist`;
}

/** The session's waitlist (decision 024): offers, the line in order, then who left it. */
export function getWaitlist(organizationId: string, sessionId: string): Promise<Waitlist> {
  return api.get<Waitlist>(waitlistPath(organizationId, sessionId));
}

export function waitlistQueryOptions(organizationId: string, sessionId: string) {
  return queryOptions({
    queryKey: [...waitlistsQueryKey(organizationId), sessionId] as const,
    queryFn: () => getWaitlist(organizationId, sessionId),
    staleTime: STALE_TIME.list,
    // An offer runs out while the page is open: the job offers the seat on within a minute.
    refetchInterval: 60_000,
  });
}

/**
 * After a waitlist change the server answers the list as it now is; the session (its seats, a customer who
 * accepted) is read again.
 */
export function storeWaitlist(queryClient: QueryClient, organizationId: string, waitlist: Waitlist) {
  queryClient.setQueryData([...waitlistsQueryKey(organizationId), waitlist.sessionId], waitlist);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionQueryKey(organizationId, waitlist.sessionId) }),
    queryClient.invalidateQueries({ queryKey: sessionListsQueryKey(organizationId) }),
  ]);
}
