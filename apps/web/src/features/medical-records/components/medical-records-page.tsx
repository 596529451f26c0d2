import { MEDICAL_RECORD_TYPES, type MedicalRecordsSearchParams } from '@reformer/domain/medical-records';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DateFilter } from '@/components/form/date-field.tsx';
import { Pagination, usePageClamp } from '@/components/ui/pagination.tsx';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TableOrCards } from '@/components/ui/table-or-cards.tsx';
import { useFormatLocalDate } from '@/lib/format.ts';
import { useNameOrUnknown } from '@/lib/person-name.ts';
import { medicalRecordsQueryOptions } from '../api/get-medical-records.ts';
import { RecordDraftBadge } from './record-draft-badge.tsx';
import { RecordTypeBadge } from './record-type-badge.tsx';

export type MedicalRecordsQueryChange = (
  next: Partial<MedicalRecordsSearchParams>,
  options?: { replace?: boolean },
) => void;

type MedicalRecordsPageProps = {
  organizationId: string;
  query: MedicalRecordsSearchParams;
  onQueryChange: MedicalRecordsQueryChange;
};

/** Every customer's records, newest first, filtered by customer, type and period (all in the URL). */
export function MedicalRecordsPage({ organizationId, query, onQueryChange }: MedicalRecordsPageProps) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const nameOrUnknown = useNameOrUnknown();
  const records = useQuery({
    ...medicalRecordsQueryOptions(organizationId, query),
    placeholderData: keepPreviousData,
  });
  const isPastLastPage = usePageClamp({
    page: query.page,
    limit: query.limit,
    total: records.isPlaceholderData ? undefined : records.data?.total,
    onClamp: (page) => onQueryChange({ page }, { replace: true }),
  });
  const items = isPastLastPage ? [] : (records.data?.items ?? []);
  const filter = (next: Partial<MedicalRecordsSearchParams>) => onQueryChange({ ...next, page: 1 });
  const customerName = query.customerId ? items[0]?.customerName : undefined;
  const recordLink = (record: (typeof items)[number]) => ({
    to: '/app/org/$orgId/customers/$customerId/medical-records/$recordId' as const,
    params: { orgId: organizationId, customerId: record.customerId, recordId: record.id },
  });

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <h1 className="text-3xl font-bold">{t('medicalRecords.title')}</h1>
      <search className="flex flex-wrap items-end gap-3" aria-label={t('medicalRecords.filters.label')}>
        <label className="flex flex-col gap-1 text-xs font-medium">
          {t('medicalRecords.fields.record.type')}
          <select
            className="select select-sm w-56"
            value={query.type ?? ''}
            onChange={(event) =>
              filter({ type: (event.target.value || undefined) as MedicalRecordsSearchParams['type'] })
            }
          >
            <option value="">{t('medicalRecords.filters.allTypes')}</option>
            {MEDICAL_RECORD_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`medicalRecords.types.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <DateFilter
          label={t('medicalRecords.filters.from')}
          value={query.from}
          onChange={(from) => filter({ from })}
        />
        <DateFilter
          label={t('medicalRecords.filters.to')}
          value={query.to}
          min={query.from}
          onChange={(to) => filter({ to })}
        />
        {query.customerId && (
          <button type="button" className="btn btn-sm" onClick={() => filter({ customerId: undefined })}>
            {t('medicalRecords.filters.clearCustomer', { name: customerName ?? '' })}
          </button>
        )}
      </search>
      {records.isPending && <Spinner />}
      {records.isError && <QueryError error={records.error} onRetry={records.refetch} />}
      {records.isSuccess && records.data.total === 0 && <p>{t('medicalRecords.noRecords')}</p>}
      {items.length > 0 && (
        <TableOrCards
          tableFrom="md"
          isFramed
          table={
            <table className="table">
              <thead>
                <tr>
                  <th>{t('medicalRecords.fields.record.recordDate')}</th>
                  <th>{t('medicalRecords.list.customer')}</th>
                  <th>{t('medicalRecords.fields.record.type')}</th>
                  <th>{t('medicalRecords.fields.record.title')}</th>
                  <th>{t('medicalRecords.list.createdBy')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((record) => (
                  <tr key={record.id}>
                    <td className="whitespace-nowrap">{formatDate(record.recordDate)}</td>
                    <td>
                      <button
                        type="button"
                        className="link"
                        onClick={() => filter({ customerId: record.customerId })}
                      >
                        {nameOrUnknown(record.customerName)}
                      </button>
                    </td>
                    <td>
                      <RecordTypeBadge type={record.type} /> <RecordDraftBadge isDraft={record.isDraft} />
                    </td>
                    <td>
                      <Link {...recordLink(record)} className="link">
                        {record.title}
                      </Link>
                    </td>
                    <td>{record.createdByName ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
          cards={items.map((record) => (
            <li key={record.id} className="card border border-base-300 bg-base-100">
              <div className="card-body gap-1 p-4">
                <Link {...recordLink(record)} className="link font-medium break-words">
                  {record.title}
                </Link>
                <p className="text-sm">{nameOrUnknown(record.customerName)}</p>
                <div className="flex flex-wrap items-center gap-2 text-sm text-base-content/70">
                  {formatDate(record.recordDate)} <RecordTypeBadge type={record.type} />{' '}
                  <RecordDraftBadge isDraft={record.isDraft} />
                </div>
              </div>
            </li>
          ))}
        />
      )}
      {records.isSuccess && !isPastLastPage && (
        <Pagination
          list="medicalRecords"
          page={query.page}
          limit={query.limit}
          total={records.data.total}
          onChange={(next) => onQueryChange(next)}
        />
      )}
    </div>
  );
}
