import type { MedicalRecord } from '@reformer/domain/medical-records';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { customerRecordsPath, refreshMedicalRecords } from './get-medical-records.ts';

/** Accepts the customer's draft from the portal's questionnaire into the chart (decision 044). */
export function useAcceptMedicalRecord(organizationId: string, customerId: string, recordId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: () =>
      api.post<MedicalRecord>(`${customerRecordsPath(organizationId, customerId, recordId)}/accept`),
    toasts: {
      loading: t('medicalRecords.draft.accepting'),
      success: t('medicalRecords.draft.accepted'),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: () => refreshMedicalRecords(queryClient, organizationId),
  });
}
