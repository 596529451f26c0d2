import type { AttendanceChange } from '@reformer/domain/make-up-credit-schemas';
import type { AttendanceStatus } from '@reformer/domain/sessions';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { purchasesQueryKey } from '@/lib/organization-query-keys.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { useMakeUpCreditText } from '../make-up-credit-text.ts';
import { storeSession } from './get-session.ts';
import { sessionsPath } from './get-sessions.ts';

export function updateAttendance(
  organizationId: string,
  sessionId: string,
  customerId: string,
  status: AttendanceStatus,
): Promise<AttendanceChange> {
  return api.put<AttendanceChange>(
    `${sessionsPath(organizationId, sessionId)}/attendance/${encodeURIComponent(customerId)}`,
    { status },
  );
}

type UpdateAttendanceVariables = { customerId: string; name: string; status: AttendanceStatus };

/**
 * A customer's status in the session (CONFIRMED, CANCELED, TRIAL, REPOSITION); needs MANAGE_ATTENDANCE. The
 * toast also says what it did to their make-up credit: earned and until when, or why not, or given back.
 */
export function useUpdateAttendance(organizationId: string, sessionId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const creditText = useMakeUpCreditText();
  return useToastMutation({
    mutationFn: ({ customerId, status }: UpdateAttendanceVariables) =>
      updateAttendance(organizationId, sessionId, customerId, status),
    toasts: {
      loading: t('attendance.status.loading'),
      success: (change, { name }) => {
        const done = t('attendance.status.success', { name });
        if (change.makeUpCredit) return `${done} ${creditText(change.makeUpCredit, name)}`;
        // A place a pack paid for: its class came back, stayed spent, or was spent again (decision 029).
        if (change.purchaseClass)
          return `${done} ${t(`purchases.outcomes.${change.purchaseClass.outcome}`, { hours: change.purchaseClass.noticeHours })}`;
        return done;
      },
      errorFallback: 'attendance.status.failed',
    },
    onSuccess: async (session) => {
      await storeSession(queryClient, organizationId, session);
      if (session.purchaseClass)
        await queryClient.invalidateQueries({ queryKey: purchasesQueryKey(organizationId) });
    },
  });
}
