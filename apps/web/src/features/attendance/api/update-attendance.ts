import type { AttendanceStatus, SessionDetails } from '@reformer/domain/sessions';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { useToastMutation } from '../../../lib/toasts.ts';
import { storeSession } from './get-session.ts';
import { sessionsPath } from './get-sessions.ts';

export function updateAttendance(
  organizationId: string,
  sessionId: string,
  customerId: string,
  status: AttendanceStatus,
): Promise<SessionDetails> {
  return api.put<SessionDetails>(
    `${sessionsPath(organizationId, sessionId)}/attendance/${encodeURIComponent(customerId)}`,
    { status },
  );
}

type UpdateAttendanceVariables = { customerId: string; name: string; status: AttendanceStatus };

/** A customer's status in the session (CONFIRMED, CANCELED, TRIAL, REPOSITION); needs MANAGE_ATTENDANCE. */
export function useUpdateAttendance(organizationId: string, sessionId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: ({ customerId, status }: UpdateAttendanceVariables) =>
      updateAttendance(organizationId, sessionId, customerId, status),
    toasts: {
      loading: t('attendance.status.loading'),
      success: (_session, { name }) => t('attendance.status.success', { name }),
      errorFallback: 'attendance.status.failed',
    },
    onSuccess: (session) => storeSession(queryClient, organizationId, session),
  });
}
