import type { PspSettings } from '@reformer/domain/pix-psp';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { paymentsQueryKey } from '@/lib/organization-query-keys.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

export function pixPspPath(organizationId: string, suffix = ''): string {
  return `/organizations/${encodeURIComponent(organizationId)}/pix-psp${suffix}`;
}

export function pixPspQueryKey(organizationId: string) {
  return [...paymentsQueryKey(organizationId), 'pix-psp'] as const;
}

/** The PSP connection (null until connected), its secrets only as set or not; needs VIEW_BILLING. */
export function getPixPsp(organizationId: string): Promise<PspSettings> {
  return api.get<PspSettings>(pixPspPath(organizationId));
}

export function pixPspQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: pixPspQueryKey(organizationId),
    queryFn: () => getPixPsp(organizationId),
    staleTime: STALE_TIME.list,
  });
}
