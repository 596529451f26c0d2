import type { PortalSessionList } from '@reformer/domain/portal';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';

function portalSessionsPath(organizationId: string, customerId: string): string {
  return `/organizations/${encodeURIComponent(organizationId)}/customers/${encodeURIComponent(customerId)}/portal-sessions`;
}

export function portalSessionsQueryKey(organizationId: string, customerId: string) {
  return ['organizations', organizationId, 'customers', customerId, 'portal-sessions'] as const;
}

/** The customer's portal sessions (decision 039), newest first: each exchange of their link opened one. */
export function portalSessionsQueryOptions(organizationId: string, customerId: string) {
  return queryOptions({
    queryKey: portalSessionsQueryKey(organizationId, customerId),
    queryFn: () => api.get<PortalSessionList>(portalSessionsPath(organizationId, customerId)),
  });
}

/** Ends one session (a lost phone, a shared computer); the customer's link keeps opening new ones. */
export function useEndPortalSession(organizationId: string, customerId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (portalSessionId: string) =>
      api.delete<PortalSessionList>(
        `${portalSessionsPath(organizationId, customerId)}/${encodeURIComponent(portalSessionId)}`,
      ),
    toasts: {
      loading: t('classLink.sessions.ending'),
      success: t('classLink.sessions.ended'),
      errorFallback: 'classLink.sessions.endFailed',
    },
    onSuccess: (list) => queryClient.setQueryData(portalSessionsQueryKey(organizationId, customerId), list),
  });
}
