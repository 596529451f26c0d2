import type { Dashboard } from '@reformer/domain/dashboard';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export function getDashboard(organizationId: string): Promise<Dashboard> {
  return api.get<Dashboard>(`/organizations/${encodeURIComponent(organizationId)}/dashboard`);
}

/**
 * The figures move with every payment, check-in and enrollment of every feature, none of which knows about
 * the dashboard: instead of invalidating from all of them, each visit to the home refetches (the last
 * figures show meanwhile).
 */
export function dashboardQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: ['dashboard', organizationId] as const,
    queryFn: () => getDashboard(organizationId),
    staleTime: 0,
  });
}
