import type { MedicalRecordListQuery, MedicalRecordSummaryPage } from '@reformer/domain/medical-records';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

/** Every medical record query of an organization starts with this key. */
export function medicalRecordsQueryKey(organizationId: string) {
  return ['medical-records', organizationId] as const;
}

export function customerRecordsPath(organizationId: string, customerId: string, recordId?: string): string {
  const base = `/organizations/${encodeURIComponent(organizationId)}/customers/${encodeURIComponent(customerId)}/medical-records`;
  return recordId ? `${base}/${encodeURIComponent(recordId)}` : base;
}

/** The organization-wide page: records without their documents, newest first. */
export function getMedicalRecords(
  organizationId: string,
  query: Partial<MedicalRecordListQuery>,
): Promise<MedicalRecordSummaryPage> {
  return api.get<MedicalRecordSummaryPage>(
    `/organizations/${encodeURIComponent(organizationId)}/medical-records`,
    {
      query,
    },
  );
}

export function medicalRecordsQueryOptions(organizationId: string, query: Partial<MedicalRecordListQuery>) {
  return queryOptions({
    queryKey: [...medicalRecordsQueryKey(organizationId), 'list', query] as const,
    queryFn: () => getMedicalRecords(organizationId, query),
    staleTime: STALE_TIME.list,
  });
}

/** After a record is created, changed or deleted: every list, the evolution, the record and the audit trail. */
export function refreshMedicalRecords(queryClient: QueryClient, organizationId: string) {
  return queryClient.invalidateQueries({ queryKey: medicalRecordsQueryKey(organizationId) });
}
