import type { WaitlistSettings } from '@reformer/domain/waitlist';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

export function waitlistSettingsPath(organizationId: string): string {
  return `/organizations/${encodeURIComponent(organizationId)}/waitlist-settings`;
}

export function waitlistSettingsQueryKey(organizationId: string) {
  return ['waitlist-settings', organizationId] as const;
}

/** The hold time and message language (the defaults until saved); every member may read them. */
export function getWaitlistSettings(organizationId: string): Promise<WaitlistSettings> {
  return api.get<WaitlistSettings>(waitlistSettingsPath(organizationId));
}

export function waitlistSettingsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: waitlistSettingsQueryKey(organizationId),
    queryFn: () => getWaitlistSettings(organizationId),
    staleTime: STALE_TIME.list,
  });
}
