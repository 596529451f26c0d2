import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { medicalRecordQueryKey } from './get-medical-record.ts';
import { customerRecordsPath, refreshMedicalRecords } from './get-medical-records.ts';

/** Owners only; the audit trail keeps that it happened, never what the record held. */
export function deleteMedicalRecord(
  organizationId: string,
  customerId: string,
  recordId: string,
): Promise<void> {
  return api.delete(customerRecordsPath(organizationId, customerId, recordId));
}

export function useDeleteMedicalRecord(
  organizationId: string,
  customerId: string,
  options: { onSuccess?: () => unknown } = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (recordId: string) => deleteMedicalRecord(organizationId, customerId, recordId),
    toasts: {
      loading: t('medicalRecords.delete.loading'),
      success: t('medicalRecords.delete.success'),
      errorFallback: 'common.errors.failedToDelete',
    },
    onSuccess: async (_nothing, recordId) => {
      // Leave the record's page first: refetching a deleted record there would show "not found".
      await options.onSuccess?.();
      queryClient.removeQueries({ queryKey: medicalRecordQueryKey(organizationId, recordId) });
      await refreshMedicalRecords(queryClient, organizationId);
    },
  });
}
