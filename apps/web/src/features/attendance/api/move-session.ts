import type { MoveSessionInput, Session } from '@reformer/domain/sessions';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useFormatLocalDate, useFormatTime } from '@/lib/format.ts';
import { enrollmentsQueryKey, sessionsQueryKey } from '@/lib/organization-query-keys.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { describeMoveError } from '../move-session-error.ts';
import { sessionsPath } from './get-sessions.ts';

/** Moves this one session; its schedule and the schedule's other sessions stay as they are. */
export function moveSession(
  organizationId: string,
  sessionId: string,
  slot: MoveSessionInput,
): Promise<Session> {
  return api.put<Session>(sessionsPath(organizationId, sessionId), slot);
}

type MoveVariables = { sessionId: string; slot: MoveSessionInput };

export function useMoveSession(organizationId: string, options: { onSuccess?: () => unknown } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const formatDate = useFormatLocalDate();
  const formatTime = useFormatTime();
  return useToastMutation({
    mutationFn: ({ sessionId, slot }: MoveVariables) => moveSession(organizationId, sessionId, slot),
    toasts: {
      loading: t('attendance.move.loading'),
      success: (session) =>
        t('attendance.move.success', { date: formatDate(session.date), time: formatTime(session.startTime) }),
      errorFallback: 'attendance.move.failed',
      describeError: describeMoveError,
    },
    // The list, the session's own page and the enrollments' sessions all show where it is now.
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionsQueryKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: enrollmentsQueryKey(organizationId) }),
      ]);
      await options.onSuccess?.();
    },
  });
}
