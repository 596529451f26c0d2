import type { SessionDetails } from '@reformer/domain/sessions';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { makeUpCreditsQueryKey } from '@/lib/make-up-credits.ts';
import { enrollmentsQueryKey, sessionsQueryKey } from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';
import { sessionListsQueryKey, sessionsPath } from './get-sessions.ts';
import { waitlistsQueryKey } from './get-waitlist.ts';

export function sessionQueryKey(organizationId: string, sessionId: string) {
  return [...sessionsQueryKey(organizationId), 'detail', sessionId] as const;
}

/** A session with its roster; a missing or forbidden one is 404 SESSION_NOT_FOUND. */
export function getSession(organizationId: string, sessionId: string): Promise<SessionDetails> {
  return api.get<SessionDetails>(sessionsPath(organizationId, sessionId));
}

export function sessionQueryOptions(organizationId: string, sessionId: string) {
  return queryOptions({
    queryKey: sessionQueryKey(organizationId, sessionId),
    queryFn: () => getSession(organizationId, sessionId),
    staleTime: STALE_TIME.list,
  });
}

/**
 * After a roster change the server answers with the session as it now is: it replaces the cached one,
 * the lists refresh their roster counts and availability, enrollments their sessions' attendance, and
 * customers their make-up credits (a cancellation earns one, a make-up spends one).
 */
export function storeSession(queryClient: QueryClient, organizationId: string, session: SessionDetails) {
  queryClient.setQueryData(sessionQueryKey(organizationId, session.id), session);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionListsQueryKey(organizationId) }),
    queryClient.invalidateQueries({ queryKey: enrollmentsQueryKey(organizationId) }),
    queryClient.invalidateQueries({ queryKey: makeUpCreditsQueryKey(organizationId) }),
    // A cancellation offers the freed seat to the waitlist (decision 024).
    queryClient.invalidateQueries({ queryKey: waitlistsQueryKey(organizationId) }),
  ]);
}
