import type { PixWebhookRegistration } from '@reformer/domain/pix-charges';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { pixPspPath, pixPspQueryKey } from './get-pix-psp.ts';

export function pixWebhookQueryKey(organizationId: string) {
  return [...pixPspQueryKey(organizationId), 'webhook'] as const;
}

/** What the PSP has registered for the studio's PIX key (asked of the PSP itself); needs MANAGE_BILLING. */
export function getPixWebhook(organizationId: string): Promise<PixWebhookRegistration> {
  return api.get<PixWebhookRegistration>(pixPspPath(organizationId, '/webhook'));
}

export function pixWebhookQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: pixWebhookQueryKey(organizationId),
    queryFn: () => getPixWebhook(organizationId),
    // The PSP is asked, not our database: only when the panel opens or staff ask again.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
