import type { Waitlist } from '@reformer/domain/waitlist';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { storeWaitlist, waitlistPath } from './get-waitlist.ts';

/** Customers join the end of the line; refused while the session has a free seat nobody holds. */
export function addToWaitlist(organizationId: string, sessionId: string, customerIds: string[]) {
  return api.post<Waitlist>(waitlistPath(organizationId, sessionId), { customerIds });
}

export function useAddToWaitlist(
  organizationId: string,
  sessionId: string,
  options: { onSuccess?: () => unknown } = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (customerIds: string[]) => addToWaitlist(organizationId, sessionId, customerIds),
    toasts: {
      loading: t('waitlist.adding'),
      success: (_list, customerIds) => t('waitlist.added', { count: customerIds.length }),
      errorFallback: 'waitlist.addFailed',
    },
    onSuccess: async (list) => {
      await storeWaitlist(queryClient, organizationId, list);
      await options.onSuccess?.();
    },
  });
}
