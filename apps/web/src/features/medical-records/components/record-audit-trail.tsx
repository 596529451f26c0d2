import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '@/components/ui/pagination.tsx';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useFormatInstant } from '@/lib/format.ts';
import { medicalRecordAuditQueryOptions } from '../api/get-medical-record-audit.ts';

/** `timeZone`: the organization's — every time in the app is the studio's, not the device's. */
type RecordAuditTrailProps = { organizationId: string; customerId: string; timeZone: string };

const AUDIT_PAGE_SIZE = 10;

/** Owners: who read or changed the customer's records, what they did, when and from where. */
export function RecordAuditTrail({ organizationId, customerId, timeZone }: RecordAuditTrailProps) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant(timeZone);
  const [paging, setPaging] = useState({ page: 1, limit: AUDIT_PAGE_SIZE });
  const trail = useQuery({
    ...medicalRecordAuditQueryOptions(organizationId, customerId, paging),
    placeholderData: keepPreviousData,
  });
  const items = trail.data?.items ?? [];
  return (
    <section
      className="card border border-base-300 bg-base-100 print:hidden"
      aria-labelledby="medical-records-audit"
    >
      <div className="card-body gap-4">
        <h2 id="medical-records-audit" className="card-title text-lg">
          {t('medicalRecords.auditTrail')}
        </h2>
        {trail.isPending && <Spinner />}
        {trail.isError && <QueryError error={trail.error} onRetry={trail.refetch} />}
        {trail.isSuccess && items.length === 0 && <p>{t('medicalRecords.audit.empty')}</p>}
        {items.length > 0 && (
          <div className="overflow-x-auto">
            <table className="table table-sm">
              <thead>
                <tr>
                  <th>{t('medicalRecords.audit.who')}</th>
                  <th>{t('medicalRecords.audit.action')}</th>
                  <th>{t('medicalRecords.audit.when')}</th>
                  <th>{t('medicalRecords.audit.where')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      {entry.actorName ??
                        // The customer sent it from the portal: no member acted (decision 044).
                        t(
                          entry.action === 'SUBMITTED'
                            ? 'medicalRecords.audit.customerActor'
                            : 'medicalRecords.audit.unknownActor',
                        )}
                    </td>
                    <td>
                      {t(`medicalRecords.auditActions.${entry.action}`)}
                      {entry.recordIds.length > 1 && (
                        <span className="text-base-content/70">
                          {' '}
                          {t('medicalRecords.audit.recordCount', { count: entry.recordIds.length })}
                        </span>
                      )}
                    </td>
                    <td className="whitespace-nowrap">{formatInstant(entry.at)}</td>
                    <td>{entry.ipAddress ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {trail.isSuccess && trail.data.total > paging.limit && (
          <Pagination
            list="medicalRecords"
            page={paging.page}
            limit={paging.limit}
            total={trail.data.total}
            onChange={(next) => setPaging((previous) => ({ ...previous, ...next }))}
          />
        )}
      </div>
    </section>
  );
}
