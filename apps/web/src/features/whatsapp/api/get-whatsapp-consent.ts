import type { WhatsAppConsent } from '@reformer/domain/whatsapp-consent';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { customersQueryKey } from '@/lib/customer-list.ts';

export function whatsappConsentPath(organizationId: string, customerId: string) {
  return `/organizations/${encodeURIComponent(organizationId)}/customers/${encodeURIComponent(customerId)}/whatsapp-consent`;
}

export function whatsappConsentQueryKey(organizationId: string, customerId: string) {
  return [...customersQueryKey(organizationId), 'whatsapp-consent', customerId] as const;
}

/** The customer's WhatsApp opt-in (source and time) and their marketing consent; needs VIEW_CUSTOMERS. */
export function whatsappConsentQueryOptions(organizationId: string, customerId: string) {
  return queryOptions({
    queryKey: whatsappConsentQueryKey(organizationId, customerId),
    queryFn: () => api.get<WhatsAppConsent>(whatsappConsentPath(organizationId, customerId)),
  });
}
