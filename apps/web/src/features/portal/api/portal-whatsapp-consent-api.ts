import type { WhatsAppConsent } from '@reformer/domain/whatsapp-consent';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/**
 * The customer's own answers to the studio's WhatsApp messages (decision 053) and to its marketing messages
 * (decision 043's consent, set where the contract section sets it), under the portal's cookie.
 */
const asCustomer = { authenticated: false } as const;
const whatsappConsentKey = ['portal', 'whatsapp-consent'] as const;

export const portalWhatsAppConsentQueryOptions = () =>
  queryOptions({
    queryKey: whatsappConsentKey,
    queryFn: () => api.get<WhatsAppConsent>('/portal/whatsapp-consent', asCustomer),
    staleTime: 0,
    retry: false,
  });

export function useAnswerWhatsApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isOptedIn: boolean) =>
      api.put<WhatsAppConsent>('/portal/whatsapp-consent', { isOptedIn }, asCustomer),
    onSuccess: (consent) => queryClient.setQueryData(whatsappConsentKey, consent),
  });
}

/** Marketing is one consent for every channel: the contract section shows it too, so both are read again. */
export function useAnswerMarketing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isGiven: boolean) => api.put('/portal/consents/MARKETING_MESSAGES', { isGiven }, asCustomer),
    onSuccess: (_, isGiven) =>
      queryClient.setQueryData<WhatsAppConsent>(whatsappConsentKey, (consent) =>
        consent ? { ...consent, marketingConsent: isGiven } : consent,
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: whatsappConsentKey }),
        queryClient.invalidateQueries({ queryKey: ['portal', 'contract'] }),
      ]),
  });
}
