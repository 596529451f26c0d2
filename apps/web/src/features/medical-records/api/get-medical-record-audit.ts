import type { MedicalRecordAuditPage, MedicalRecordAuditQuery } from '@reformer/domain/medical-records';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { customerRecordsPath, medicalRecordsQueryKey } from './get-medical-records.ts';

/** Who read or changed the customer's records, newest first (owners). */
export function getMedicalRecordAudit(
  organizationId: string,
  customerId: string,
  query: Partial<MedicalRecordAuditQuery>,
): Promise<MedicalRecordAuditPage> {
  return api.get<MedicalRecordAuditPage>(`${customerRecordsPath(organizationId, customerId)}/audit`, {
    query,
  });
}

export function medicalRecordAuditQueryOptions(
  organizationId: string,
  customerId: string,
  query: Partial<MedicalRecordAuditQuery>,
) {
  return queryOptions({
    queryKey: [...medicalRecordsQueryKey(organizationId), 'audit', customerId, query] as const,
    queryFn: () => getMedicalRecordAudit(organizationId, customerId, query),
    // Every read is a new entry: opened again, the trail is fetched again.
    staleTime: 0,
  });
}
