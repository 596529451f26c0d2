import type { Enrollment, EnrollmentValues } from '@reformer/domain/enrollments';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useNameOrUnknown } from '@/lib/person-name.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { enrollmentsPath, refreshEnrollments } from './get-enrollments.ts';

/** The API client sends one Idempotency-Key per call: a double submit or a retry enrolls once. */
export function createEnrollment(organizationId: string, input: EnrollmentValues): Promise<Enrollment> {
  return api.post<Enrollment>(enrollmentsPath(organizationId), input);
}

export function useCreateEnrollment(
  organizationId: string,
  options: { onSuccess?: (enrollment: Enrollment) => unknown } = {},
) {
  const { t } = useTranslation();
  const nameOrUnknown = useNameOrUnknown();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: EnrollmentValues) => createEnrollment(organizationId, input),
    toasts: {
      loading: t('enrollments.create.loading'),
      success: (enrollment) =>
        t('enrollments.create.success', {
          name: nameOrUnknown(enrollment.customerName),
          schedule: enrollment.scheduleName,
        }),
      errorFallback: 'common.errors.failedToCreate',
    },
    onSuccess: async (enrollment) => {
      await refreshEnrollments(queryClient, organizationId);
      await options.onSuccess?.(enrollment);
    },
  });
}
