import type { SessionDetails } from '@reformer/domain/sessions';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { storeSession } from './get-session.ts';
import { sessionsPath } from './get-sessions.ts';

export function undoCheckIn(
  organizationId: string,
  sessionId: string,
  customerId: string,
): Promise<SessionDetails> {
  return api.delete<SessionDetails>(
    `${sessionsPath(organizationId, sessionId)}/check-ins/${encodeURIComponent(customerId)}`,
  );
}

type UndoCheckInVariables = { customerId: string; name: string };

export function useUndoCheckIn(organizationId: string, sessionId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: ({ customerId }: UndoCheckInVariables) => undoCheckIn(organizationId, sessionId, customerId),
    toasts: {
      loading: t('attendance.checkIn.undoLoading'),
      success: (_session, { name }) => t('attendance.checkIn.undone', { name }),
      errorFallback: 'attendance.checkIn.undoFailed',
    },
    onSuccess: (session) => storeSession(queryClient, organizationId, session),
  });
}
