import type { MedicalRecord, MedicalRecordValues } from '@reformer/domain/medical-records';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { customerRecordsPath, refreshMedicalRecords } from './get-medical-records.ts';

/** Replaces the date, title, description and document; the type stays. */
export function updateMedicalRecord(
  organizationId: string,
  customerId: string,
  recordId: string,
  input: MedicalRecordValues,
): Promise<MedicalRecord> {
  return api.put<MedicalRecord>(customerRecordsPath(organizationId, customerId, recordId), input);
}

export function useUpdateMedicalRecord(
  organizationId: string,
  customerId: string,
  recordId: string,
  options: { onSuccess?: () => unknown } = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: MedicalRecordValues) =>
      updateMedicalRecord(organizationId, customerId, recordId, input),
    toasts: {
      loading: t('medicalRecords.update.loading'),
      success: (_record, input) => t('medicalRecords.update.success', { title: input.title }),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: async () => {
      await refreshMedicalRecords(queryClient, organizationId);
      await options.onSuccess?.();
    },
  });
}
