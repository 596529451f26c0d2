import type { MakeUpCreditList } from '@reformer/domain/make-up-credit-schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { STALE_TIME } from './query-client.ts';

/**
 * Every make-up credit query of an organization starts with this key. Attendance changes earn, return and
 * spend credits, so the attendance feature invalidates it too; the customer's details and the make-up
 * booking dialog both read a customer's credits through here.
 */
export function makeUpCreditsQueryKey(organizationId: string) {
  return ['make-up-credits', organizationId] as const;
}

export function customerMakeUpCreditsQueryKey(organizationId: string, customerId: string) {
  return [...makeUpCreditsQueryKey(organizationId), 'customer', customerId] as const;
}

/** A customer's credits, newest first, with their state today (VIEW_CUSTOMERS). */
export function getCustomerMakeUpCredits(
  organizationId: string,
  customerId: string,
): Promise<MakeUpCreditList> {
  return api.get<MakeUpCreditList>(
    `/organizations/${encodeURIComponent(organizationId)}/customers/${encodeURIComponent(customerId)}/make-up-credits`,
  );
}

export function customerMakeUpCreditsQueryOptions(organizationId: string, customerId: string) {
  return queryOptions({
    queryKey: customerMakeUpCreditsQueryKey(organizationId, customerId),
    queryFn: () => getCustomerMakeUpCredits(organizationId, customerId),
    staleTime: STALE_TIME.list,
  });
}
