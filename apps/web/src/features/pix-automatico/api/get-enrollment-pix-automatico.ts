import type { EnrollmentPixAutomaticoView } from '@reformer/domain/pix-automatico-views';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { paymentsQueryKey } from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

/** While the customer has not authorized yet, the panel asks again this often: the state arrives by webhook. */
export const WAITING_RECURRENCE_POLL_MS = 4000;

export function pixAutomaticoPath(organizationId: string, enrollmentId: string, suffix = ''): string {
  return `/organizations/${encodeURIComponent(organizationId)}/enrollments/${encodeURIComponent(enrollmentId)}/pix-automatico${suffix}`;
}

/** Under the payments key: the first cycle's payment and the recurrence's state move together. */
export function enrollmentPixAutomaticoQueryKey(organizationId: string, enrollmentId: string) {
  return [...paymentsQueryKey(organizationId), 'pix-automatico', enrollmentId] as const;
}

/**
 * The enrollment's recurrence, a replacement waiting beside it, and whether a start is possible; polled while
 * one waits for the payer (CREATED).
 */
export function enrollmentPixAutomaticoQueryOptions(organizationId: string, enrollmentId: string) {
  return queryOptions({
    queryKey: enrollmentPixAutomaticoQueryKey(organizationId, enrollmentId),
    queryFn: () => api.get<EnrollmentPixAutomaticoView>(pixAutomaticoPath(organizationId, enrollmentId)),
    staleTime: STALE_TIME.list,
    refetchInterval: (query) => {
      const data = query.state.data;
      const isWaiting = data?.recurrence?.state === 'CREATED' || data?.replacement?.state === 'CREATED';
      return isWaiting ? WAITING_RECURRENCE_POLL_MS : false;
    },
  });
}
