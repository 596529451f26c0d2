import type { SessionDetails } from '@reformer/domain/sessions';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { storeSession } from './get-session.ts';
import { sessionsPath } from './get-sessions.ts';

/** Records the customer's presence; checking in twice keeps the first time. */
export function checkInCustomer(
  organizationId: string,
  sessionId: string,
  customerId: string,
): Promise<SessionDetails> {
  return api.post<SessionDetails>(`${sessionsPath(organizationId, sessionId)}/check-ins`, { customerId });
}

type CheckInVariables = { customerId: string; name: string };

export function useCheckInCustomer(organizationId: string, sessionId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: ({ customerId }: CheckInVariables) => checkInCustomer(organizationId, sessionId, customerId),
    toasts: {
      loading: t('attendance.checkIn.loading'),
      success: (_session, { name }) => t('attendance.checkIn.success', { name }),
      errorFallback: 'attendance.checkIn.failed',
    },
    onSuccess: (session) => storeSession(queryClient, organizationId, session),
  });
}
