import type { MedicalRecord } from '@reformer/domain/medical-records';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { STALE_TIME } from '@/lib/query-client.ts';
import { customerRecordsPath, medicalRecordsQueryKey } from './get-medical-records.ts';

export function medicalRecordQueryKey(organizationId: string, recordId: string) {
  return [...medicalRecordsQueryKey(organizationId), 'detail', recordId] as const;
}

/** One record with its document; another customer's or organization's is 404 MEDICAL_RECORD_NOT_FOUND. */
export function getMedicalRecord(
  organizationId: string,
  customerId: string,
  recordId: string,
): Promise<MedicalRecord> {
  return api.get<MedicalRecord>(customerRecordsPath(organizationId, customerId, recordId));
}

export function medicalRecordQueryOptions(organizationId: string, customerId: string, recordId: string) {
  return queryOptions({
    queryKey: medicalRecordQueryKey(organizationId, recordId),
    queryFn: () => getMedicalRecord(organizationId, customerId, recordId),
    staleTime: STALE_TIME.list,
  });
}
