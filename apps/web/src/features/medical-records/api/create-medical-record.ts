import type { MedicalRecordValues } from '@reformer/domain/medical-records';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { customerRecordsPath, refreshMedicalRecords } from './get-medical-records.ts';

/**
 * The API client sends one Idempotency-Key per call. A replayed create answers only `{ id }` (a no-store
 * answer's content is not kept), so callers use the id and nothing else.
 */
export function createMedicalRecord(
  organizationId: string,
  customerId: string,
  input: MedicalRecordValues,
): Promise<{ id: string }> {
  return api.post<{ id: string }>(customerRecordsPath(organizationId, customerId), input);
}

export function useCreateMedicalRecord(
  organizationId: string,
  customerId: string,
  options: { onSuccess?: (record: { id: string }) => unknown } = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: MedicalRecordValues) => createMedicalRecord(organizationId, customerId, input),
    toasts: {
      loading: t('medicalRecords.create.loading'),
      success: (_record, input) => t('medicalRecords.create.success', { title: input.title }),
      errorFallback: 'common.errors.failedToCreate',
    },
    onSuccess: async (record) => {
      await refreshMedicalRecords(queryClient, organizationId);
      await options.onSuccess?.(record);
    },
  });
}
