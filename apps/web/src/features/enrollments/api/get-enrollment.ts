import type { EnrollmentDetails } from '@reformer/domain/enrollments';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { enrollmentsQueryKey } from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';
import { enrollmentsPath } from './get-enrollments.ts';

export function enrollmentQueryKey(organizationId: string, enrollmentId: string) {
  return [...enrollmentsQueryKey(organizationId), 'detail', enrollmentId] as const;
}

/** The enrollment with the sessions it covers; one the member may not view is 404 ENROLLMENT_NOT_FOUND. */
export function getEnrollment(organizationId: string, enrollmentId: string): Promise<EnrollmentDetails> {
  return api.get<EnrollmentDetails>(enrollmentsPath(organizationId, enrollmentId));
}

export function enrollmentQueryOptions(organizationId: string, enrollmentId: string) {
  return queryOptions({
    queryKey: enrollmentQueryKey(organizationId, enrollmentId),
    queryFn: () => getEnrollment(organizationId, enrollmentId),
    staleTime: STALE_TIME.list,
  });
}
