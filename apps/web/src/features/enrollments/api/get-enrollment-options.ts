import type { EnrollmentOptions, EnrollmentOptionsQuery } from '@reformer/domain/enrollments';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { enrollmentsQueryKey } from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';
import { enrollmentsPath } from './get-enrollments.ts';

/**
 * The plans (all, with isActive) and the schedules an enrollment may use, with their free seats over the
 * period. Not the customer-plans list: a receptionist who enrolls may not hold VIEW_CUSTOMER_PLANS.
 */
export function getEnrollmentOptions(
  organizationId: string,
  query: EnrollmentOptionsQuery,
): Promise<EnrollmentOptions> {
  return api.get<EnrollmentOptions>(`${enrollmentsPath(organizationId)}/options`, { query });
}

export function enrollmentOptionsQueryOptions(organizationId: string, query: EnrollmentOptionsQuery) {
  return queryOptions({
    queryKey: [...enrollmentsQueryKey(organizationId), 'options', query] as const,
    queryFn: () => getEnrollmentOptions(organizationId, query),
    staleTime: STALE_TIME.list,
  });
}
