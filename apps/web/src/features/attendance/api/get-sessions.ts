import type { SessionList, SessionListQuery } from '@reformer/domain/sessions';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { sessionsQueryKey } from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

export function sessionsPath(organizationId: string, sessionId?: string): string {
  const base = `/organizations/${encodeURIComponent(organizationId)}/sessions`;
  return sessionId ? `${base}/${encodeURIComponent(sessionId)}` : base;
}

export function sessionListsQueryKey(organizationId: string) {
  return [...sessionsQueryKey(organizationId), 'list'] as const;
}

/** The sessions of a local date range (at most 62 days), ordered by start. */
export function getSessions(organizationId: string, query: SessionListQuery): Promise<SessionList> {
  return api.get<SessionList>(sessionsPath(organizationId), { query });
}

export function sessionsQueryOptions(organizationId: string, query: SessionListQuery) {
  return queryOptions({
    queryKey: [...sessionListsQueryKey(organizationId), query] as const,
    queryFn: () => getSessions(organizationId, query),
    staleTime: STALE_TIME.list,
  });
}
