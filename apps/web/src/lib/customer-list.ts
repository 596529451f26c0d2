import type { CustomerPage } from '@reformer/domain/customers';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api-client.ts';
import { STALE_TIME } from './query-client.ts';

export type CustomerPageQuery = { page: number; limit: number; search: string };

/** Every customer query of an organization starts with this key, so one invalidation reaches them all. */
export function customersQueryKey(organizationId: string) {
  return ['customers', organizationId] as const;
}

export function customerListsQueryKey(organizationId: string) {
  return [...customersQueryKey(organizationId), 'list'] as const;
}

export function getCustomers(
  organizationId: string,
  { page, limit, search }: CustomerPageQuery,
): Promise<z.infer<typeof CustomerPage>> {
  return api.get(`/organizations/${encodeURIComponent(organizationId)}/customers`, {
    query: { page, limit, search: search || undefined },
  });
}

export function customersQueryOptions(organizationId: string, query: CustomerPageQuery) {
  return queryOptions({
    queryKey: [...customerListsQueryKey(organizationId), query] as const,
    queryFn: () => getCustomers(organizationId, query),
    staleTime: STALE_TIME.list,
  });
}

/** Spec §9: a customer search (outside the customers list) waits for at least 2 characters. */
export const CUSTOMER_SEARCH_MIN_LENGTH = 2;
