import { addDays } from '@reformer/domain/calendar-dates';
import {
  type Enrollment,
  type EnrollmentAction,
  type EnrollmentActionValues,
  enrollmentWillRenew,
} from '@reformer/domain/enrollments';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useFormatLocalDate } from '@/lib/format.ts';
import type { TranslationKey } from '@/lib/i18n-keys.ts';
import { useNameOrUnknown } from '@/lib/person-name.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { enrollmentsPath, refreshEnrollments } from './get-enrollments.ts';

/** Pause, resume, cancel, complete or renew; a status that does not allow it is 409 ENROLLMENT_ACTION_NOT_ALLOWED. */
export function applyEnrollmentAction(
  organizationId: string,
  enrollmentId: string,
  input: EnrollmentActionValues,
): Promise<Enrollment> {
  return api.post<Enrollment>(`${enrollmentsPath(organizationId, enrollmentId)}/actions`, input);
}

const ACTION_TOASTS: Record<EnrollmentAction, { loading: TranslationKey; success: TranslationKey }> = {
  PAUSE: { loading: 'enrollments.pause.loading', success: 'enrollments.pause.success' },
  RESUME: { loading: 'enrollments.resume.loading', success: 'enrollments.resume.success' },
  CANCEL: { loading: 'enrollments.cancel.loading', success: 'enrollments.cancel.success' },
  COMPLETE: { loading: 'enrollments.complete.loading', success: 'enrollments.complete.success' },
  RENEW: { loading: 'enrollments.renew.loading', success: 'enrollments.renew.success' },
  // The success words depend on the outcome (successOf below).
  SET_RENEWAL: { loading: 'enrollments.setRenewal.loading', success: 'enrollments.setRenewal.ends' },
};

/** The toast's words and date for the enrollment an action returned. */
function successOf(action: EnrollmentAction, updated: Enrollment): { key: TranslationKey; date: string } {
  if (action !== 'SET_RENEWAL' || !enrollmentWillRenew(updated)) {
    return { key: ACTION_TOASTS[action].success, date: updated.endDate };
  }
  return { key: 'enrollments.setRenewal.renews', date: addDays(updated.endDate, 1) };
}

type ActionInput<A extends EnrollmentAction> = Extract<EnrollmentActionValues, { action: A }>;

/** One action on one enrollment, with its own loading and success words (a renewal says until when). */
export function useEnrollmentAction<A extends EnrollmentAction>(
  organizationId: string,
  enrollmentId: string,
  action: A,
  options: { onSuccess?: () => unknown } = {},
) {
  const { t } = useTranslation();
  const nameOrUnknown = useNameOrUnknown();
  const formatDate = useFormatLocalDate();
  const queryClient = useQueryClient();
  const texts = ACTION_TOASTS[action];
  return useToastMutation({
    mutationFn: (input: ActionInput<A>) => applyEnrollmentAction(organizationId, enrollmentId, input),
    toasts: {
      loading: t(texts.loading),
      success: (updated) => {
        const { key, date } = successOf(action, updated);
        return t(key, { name: nameOrUnknown(updated.customerName), date: formatDate(date) });
      },
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: async () => {
      await refreshEnrollments(queryClient, organizationId);
      await options.onSuccess?.();
    },
  });
}
