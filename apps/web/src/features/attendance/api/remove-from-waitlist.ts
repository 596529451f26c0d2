import type { Waitlist } from '@reformer/domain/waitlist';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { storeWaitlist, waitlistPath } from './get-waitlist.ts';

/** Takes an entry off the list; a seat its offer held is offered to the next person. */
export function removeFromWaitlist(organizationId: string, sessionId: string, entryId: string) {
  return api.delete<Waitlist>(`${waitlistPath(organizationId, sessionId)}/${encodeURIComponent(entryId)}`);
}

export function useRemoveFromWaitlist(organizationId: string, sessionId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: ({ entryId }: { entryId: string; name: string }) =>
      removeFromWaitlist(organizationId, sessionId, entryId),
    toasts: {
      loading: t('waitlist.removing'),
      success: (_list, { name }) => t('waitlist.removed', { name }),
      errorFallback: 'waitlist.removeFailed',
    },
    onSuccess: (list) => storeWaitlist(queryClient, organizationId, list),
  });
}
