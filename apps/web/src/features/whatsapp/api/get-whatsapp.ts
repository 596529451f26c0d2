import type { WhatsAppSettings } from '@reformer/domain/whatsapp';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

export function whatsappPath(organizationId: string, suffix = ''): string {
  return `/organizations/${encodeURIComponent(organizationId)}/whatsapp${suffix}`;
}

/** Every WhatsApp query of an organization starts with this key. */
export function whatsappQueryKey(organizationId: string) {
  return ['whatsapp', organizationId] as const;
}

/** The connection (null until connected), its secrets only as set or not; needs VIEW_SETTINGS. */
export function getWhatsApp(organizationId: string): Promise<WhatsAppSettings> {
  return api.get<WhatsAppSettings>(whatsappPath(organizationId));
}

export function whatsappQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...whatsappQueryKey(organizationId), 'settings'],
    queryFn: () => getWhatsApp(organizationId),
    staleTime: STALE_TIME.list,
  });
}
