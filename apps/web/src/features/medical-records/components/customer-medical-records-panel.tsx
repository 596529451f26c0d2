import { PAGE_DEFAULTS } from '@reformer/domain/paging';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '@/components/ui/pagination.tsx';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { usePermissions } from '@/lib/access-profile.ts';
import { useFormatLocalDate } from '@/lib/format.ts';
import { customerMedicalRecordsQueryOptions } from '../api/get-customer-medical-records.ts';
import { RecordAuditTrail } from './record-audit-trail.tsx';
import { RecordDraftBadge } from './record-draft-badge.tsx';
import { RecordEvolution } from './record-evolution.tsx';
import { RecordTypeBadge } from './record-type-badge.tsx';

/** `timeZone`: the organization's, for the access log's times. */
type CustomerMedicalRecordsPanelProps = { organizationId: string; customerId: string; timeZone: string };

/**
 * The customer details page's Medical records tab: the records by date and type, "New record", the
 * periodic evaluations over time and — for owners — who read or changed them.
 */
export function CustomerMedicalRecordsPanel({
  organizationId,
  customerId,
  timeZone,
}: CustomerMedicalRecordsPanelProps) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const permissions = usePermissions(organizationId);
  const [paging, setPaging] = useState({ page: 1, limit: PAGE_DEFAULTS.limit as number });
  const records = useQuery({
    ...customerMedicalRecordsQueryOptions(organizationId, customerId, paging),
    placeholderData: keepPreviousData,
  });
  const items = records.data?.items ?? [];

  return (
    <div className="flex flex-col gap-6">
      <section className="card border border-base-300 bg-base-100" aria-labelledby="customer-medical-records">
        <div className="card-body gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="customer-medical-records" className="card-title text-lg">
              {t('medicalRecords.title')}
            </h2>
            {permissions.canAny('MANAGE_MEDICAL_RECORDS') && (
              <Link
                to="/app/org/$orgId/customers/$customerId/medical-records/new"
                params={{ orgId: organizationId, customerId }}
                search={{}}
                className="btn btn-primary btn-sm"
              >
                {t('medicalRecords.newRecord')}
              </Link>
            )}
          </div>
          {records.isPending && <Spinner />}
          {records.isError && <QueryError error={records.error} onRetry={records.refetch} />}
          {records.isSuccess && records.data.total === 0 && <p>{t('medicalRecords.noRecords')}</p>}
          {items.length > 0 && (
            <ul className="divide-y divide-base-300 rounded-box border border-base-300">
              {items.map((record) => (
                <li key={record.id}>
                  <Link
                    to="/app/org/$orgId/customers/$customerId/medical-records/$recordId"
                    params={{ orgId: organizationId, customerId, recordId: record.id }}
                    className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2 hover:bg-base-200"
                  >
                    <span className="min-w-0">
                      <span className="block font-medium break-words">{record.title}</span>
                      <span className="block text-xs text-base-content/70">
                        {formatDate(record.recordDate)}
                      </span>
                    </span>
                    <span className="flex flex-wrap gap-1">
                      <RecordDraftBadge isDraft={record.isDraft} />
                      <RecordTypeBadge type={record.type} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {records.isSuccess && records.data.total > paging.limit && (
            <Pagination
              list="medicalRecords"
              page={paging.page}
              limit={paging.limit}
              total={records.data.total}
              onChange={(next) => setPaging((previous) => ({ ...previous, ...next }))}
            />
          )}
        </div>
      </section>
      <RecordEvolution organizationId={organizationId} customerId={customerId} />
      {permissions.can('DELETE_MEDICAL_RECORDS') && (
        <RecordAuditTrail organizationId={organizationId} customerId={customerId} timeZone={timeZone} />
      )}
    </div>
  );
}
