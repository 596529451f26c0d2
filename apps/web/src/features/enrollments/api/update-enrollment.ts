import type { Enrollment, EnrollmentValues } from '@reformer/domain/enrollments';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useNameOrUnknown } from '@/lib/person-name.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { enrollmentsPath, refreshEnrollments } from './get-enrollments.ts';

/** The same checks as a create (capacity, duplicates, weekly limit), counting this enrollment's own seat once. */
export function updateEnrollment(
  organizationId: string,
  enrollmentId: string,
  input: EnrollmentValues,
): Promise<Enrollment> {
  return api.put<Enrollment>(enrollmentsPath(organizationId, enrollmentId), input);
}

export function useUpdateEnrollment(
  organizationId: string,
  enrollmentId: string,
  options: { onSuccess?: (enrollment: Enrollment) => unknown } = {},
) {
  const { t } = useTranslation();
  const nameOrUnknown = useNameOrUnknown();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: EnrollmentValues) => updateEnrollment(organizationId, enrollmentId, input),
    toasts: {
      loading: t('enrollments.edit.loading'),
      success: (enrollment) =>
        t('enrollments.edit.success', { name: nameOrUnknown(enrollment.customerName) }),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: async (enrollment) => {
      await refreshEnrollments(queryClient, organizationId);
      await options.onSuccess?.(enrollment);
    },
  });
}
