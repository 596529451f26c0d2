import type { PixSettings } from '@reformer/domain/pix';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { paymentsQueryKey } from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

export function pixSettingsPath(organizationId: string): string {
  return `/organizations/${encodeURIComponent(organizationId)}/pix-settings`;
}

export function pixSettingsQueryKey(organizationId: string) {
  return [...paymentsQueryKey(organizationId), 'pix-settings'] as const;
}

/** Where PIX payments go: the key and the merchant name and city the BR Code carries. No key, no PIX code. */
export function getPixSettings(organizationId: string): Promise<PixSettings> {
  return api.get<PixSettings>(pixSettingsPath(organizationId));
}

export function pixSettingsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: pixSettingsQueryKey(organizationId),
    queryFn: () => getPixSettings(organizationId),
    staleTime: STALE_TIME.list,
  });
}
