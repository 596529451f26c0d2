import type { ClassLinkCreated } from '@reformer/domain/class-links';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { classLinkPath, classLinkQueryKey } from './get-class-link.ts';

/** A new link, sent by e-mail (outbox) and ready for WhatsApp; the previous one stops opening. */
export function useCreateClassLink(organizationId: string, customerId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: () => api.post<ClassLinkCreated>(classLinkPath(organizationId, customerId)),
    toasts: {
      loading: t('classLink.sending'),
      success: t('classLink.sent'),
      errorFallback: 'classLink.failed',
    },
    onSuccess: (created) =>
      queryClient.setQueryData(classLinkQueryKey(organizationId, customerId), {
        isActive: created.isActive,
        createdAt: created.createdAt,
      }),
  });
}
