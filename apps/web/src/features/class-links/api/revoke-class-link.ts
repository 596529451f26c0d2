import type { ClassLinkStatus } from '@reformer/domain/class-links';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { classLinkPath, classLinkQueryKey } from './get-class-link.ts';
import { portalSessionsQueryKey } from './portal-sessions.ts';

export function useRevokeClassLink(organizationId: string, customerId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: () => api.delete<ClassLinkStatus>(classLinkPath(organizationId, customerId)),
    toasts: {
      loading: t('classLink.revoking'),
      success: t('classLink.revoked'),
      errorFallback: 'classLink.revokeFailed',
    },
    onSuccess: (status) => {
      queryClient.setQueryData(classLinkQueryKey(organizationId, customerId), status);
      // Revoking ends every session the link opened.
      return queryClient.invalidateQueries({ queryKey: portalSessionsQueryKey(organizationId, customerId) });
    },
  });
}
