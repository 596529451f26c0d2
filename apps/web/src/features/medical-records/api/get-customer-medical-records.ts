import type { CustomerMedicalRecordListQuery, MedicalRecordPage } from '@reformer/domain/medical-records';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { STALE_TIME } from '@/lib/query-client.ts';
import { customerRecordsPath, medicalRecordsQueryKey } from './get-medical-records.ts';

/** A customer's records with their documents, newest first (a type narrows it: the evolution). */
export function getCustomerMedicalRecords(
  organizationId: string,
  customerId: string,
  query: Partial<CustomerMedicalRecordListQuery>,
): Promise<MedicalRecordPage> {
  return api.get<MedicalRecordPage>(customerRecordsPath(organizationId, customerId), { query });
}

export function customerMedicalRecordsQueryOptions(
  organizationId: string,
  customerId: string,
  query: Partial<CustomerMedicalRecordListQuery>,
) {
  return queryOptions({
    queryKey: [...medicalRecordsQueryKey(organizationId), 'customer', customerId, query] as const,
    queryFn: () => getCustomerMedicalRecords(organizationId, customerId, query),
    staleTime: STALE_TIME.list,
  });
}
