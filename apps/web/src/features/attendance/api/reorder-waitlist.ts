import type { Waitlist } from '@reformer/domain/waitlist';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { ApiError } from '@/lib/api-error.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { storeWaitlist, waitlistPath, waitlistsQueryKey } from './get-waitlist.ts';

/** The whole order of the waiting entries; another tab's change answers 409 WAITLIST_ORDER_CHANGED. */
export function reorderWaitlist(organizationId: string, sessionId: string, entryIds: string[]) {
  return api.put<Waitlist>(`${waitlistPath(organizationId, sessionId)}/order`, { entryIds });
}

export function useReorderWaitlist(organizationId: string, sessionId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (entryIds: string[]) => reorderWaitlist(organizationId, sessionId, entryIds),
    toasts: {
      loading: t('waitlist.moving'),
      success: t('waitlist.moved'),
      errorFallback: 'waitlist.moveFailed',
    },
    onSuccess: (list) => storeWaitlist(queryClient, organizationId, list),
    // The list changed elsewhere: show it as it is, so the next move starts from there.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'WAITLIST_ORDER_CHANGED')
        void queryClient.invalidateQueries({ queryKey: waitlistsQueryKey(organizationId) });
    },
  });
}
