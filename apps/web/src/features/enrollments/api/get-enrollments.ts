import type { EnrollmentList, EnrollmentListQuery } from '@reformer/domain/enrollments';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { enrollmentsQueryKey, paymentsQueryKey, sessionsQueryKey } from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

export function enrollmentsPath(organizationId: string, enrollmentId?: string): string {
  const base = `/organizations/${encodeURIComponent(organizationId)}/enrollments`;
  return enrollmentId ? `${base}/${encodeURIComponent(enrollmentId)}` : base;
}

/** Only enrollments of establishments where the member may view enrollments are listed. */
export function getEnrollments(organizationId: string, query: EnrollmentListQuery): Promise<EnrollmentList> {
  return api.get<EnrollmentList>(enrollmentsPath(organizationId), { query });
}

export function enrollmentsQueryOptions(organizationId: string, query: EnrollmentListQuery) {
  return queryOptions({
    queryKey: [...enrollmentsQueryKey(organizationId), 'list', query] as const,
    queryFn: () => getEnrollments(organizationId, query),
    staleTime: STALE_TIME.list,
  });
}

/**
 * After an enrollment is created, changed or deleted: every enrollment list (a customer's tab among them),
 * the details, the free seats of the form's options, the rosters of the sessions it covers, and the
 * billing cycles a payment can pay.
 */
export function refreshEnrollments(queryClient: QueryClient, organizationId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: enrollmentsQueryKey(organizationId) }),
    queryClient.invalidateQueries({ queryKey: sessionsQueryKey(organizationId) }),
    queryClient.invalidateQueries({ queryKey: paymentsQueryKey(organizationId) }),
  ]);
}
