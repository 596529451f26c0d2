import type { MakeUpCreditSettings } from '@reformer/domain/make-up-credits';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { makeUpCreditsQueryKey } from '@/lib/make-up-credits.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

export function makeUpCreditSettingsPath(organizationId: string): string {
  return `/organizations/${encodeURIComponent(organizationId)}/make-up-credit-settings`;
}

export function makeUpCreditSettingsQueryKey(organizationId: string) {
  return [...makeUpCreditsQueryKey(organizationId), 'settings'] as const;
}

/** The organization's make-up rules (the defaults until saved); every member may read them. */
export function getMakeUpCreditSettings(organizationId: string): Promise<MakeUpCreditSettings> {
  return api.get<MakeUpCreditSettings>(makeUpCreditSettingsPath(organizationId));
}

export function makeUpCreditSettingsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: makeUpCreditSettingsQueryKey(organizationId),
    queryFn: () => getMakeUpCreditSettings(organizationId),
    staleTime: STALE_TIME.list,
  });
}
