import { isLegacyRecordType } from '@reformer/domain/medical-records';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { usePermissions } from '@/lib/access-profile.ts';
import { useFormatLocalDate } from '@/lib/format.ts';
import { useAcceptMedicalRecord } from '../api/accept-medical-record.ts';
import { useDeleteMedicalRecord } from '../api/delete-medical-record.ts';
import { medicalRecordQueryOptions } from '../api/get-medical-record.ts';
import { RecordDraftBadge } from './record-draft-badge.tsx';
import { RecordPageHeader } from './record-page-header.tsx';
import { RecordSummary } from './record-summary.tsx';

type MedicalRecordPageProps = { organizationId: string; customerId: string; recordId: string };

/** One record read as a summary; Edit, Print and — owners only — Delete. */
export function MedicalRecordPage({ organizationId, customerId, recordId }: MedicalRecordPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatDate = useFormatLocalDate('full');
  const permissions = usePermissions(organizationId);
  const { data: record } = useSuspenseQuery(medicalRecordQueryOptions(organizationId, customerId, recordId));
  const [isDeleting, setDeleting] = useState(false);
  const deleteRecord = useDeleteMedicalRecord(organizationId, customerId, {
    onSuccess: () =>
      navigate({
        to: '/app/org/$orgId/customers/$customerId/details',
        params: { orgId: organizationId, customerId },
        search: { tab: 'medicalRecords' },
      }),
  });
  const accept = useAcceptMedicalRecord(organizationId, customerId, recordId);
  const isLegacy = isLegacyRecordType(record.type);
  const canDelete = permissions.can('DELETE_MEDICAL_RECORDS');
  const actions = (
    <>
      {!isLegacy && (
        <button type="button" className="btn btn-sm" onClick={() => window.print()}>
          {t('medicalRecords.print')}
        </button>
      )}
      {!isLegacy && permissions.canAny('MANAGE_MEDICAL_RECORDS') && (
        <Link
          to="/app/org/$orgId/customers/$customerId/medical-records/$recordId/edit"
          params={{ orgId: organizationId, customerId, recordId }}
          className="btn btn-sm btn-primary"
        >
          {t('medicalRecords.view.edit')}
        </Link>
      )}
      {record.isDraft && permissions.canAny('MANAGE_MEDICAL_RECORDS') && (
        <button
          type="button"
          className="btn btn-sm btn-success"
          disabled={accept.isPending}
          onClick={() => accept.mutate()}
        >
          {t('medicalRecords.draft.accept')}
        </button>
      )}
      {canDelete && (
        <button type="button" className="btn btn-sm btn-ghost text-error" onClick={() => setDeleting(true)}>
          {t('medicalRecords.delete.button')}
        </button>
      )}
    </>
  );

  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6" data-print-area>
      <RecordPageHeader
        organizationId={organizationId}
        customerId={customerId}
        customerName={record.customerName}
        title={record.title}
        actions={actions}
      />
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div>
          <dt className="inline text-base-content/70">{t('medicalRecords.fields.record.type')}: </dt>
          <dd className="inline font-medium">{t(`medicalRecords.types.${record.type}`)}</dd>
        </div>
        <div>
          <dt className="inline text-base-content/70">{t('medicalRecords.fields.record.recordDate')}: </dt>
          <dd className="inline font-medium">{formatDate(record.recordDate)}</dd>
        </div>
        {record.createdByName && (
          <div>
            <dt className="inline text-base-content/70">{t('medicalRecords.view.createdBy')}: </dt>
            <dd className="inline font-medium">{record.createdByName}</dd>
          </div>
        )}
      </dl>
      {record.isDraft && (
        <p role="note" className="alert alert-warning flex flex-wrap items-center gap-2">
          <RecordDraftBadge isDraft />
          {t('medicalRecords.draft.explanation')}
        </p>
      )}
      {record.description && <p className="whitespace-pre-line break-words">{record.description}</p>}
      {isLegacy ? (
        <p role="alert" className="alert">
          {t('medicalRecords.unsupportedType')}
        </p>
      ) : (
        <RecordSummary record={record} />
      )}
      {isDeleting && (
        <ConfirmDialog
          isOpen
          onClose={() => setDeleting(false)}
          title={t('medicalRecords.delete.confirmTitle')}
          confirmLabel={t('medicalRecords.delete.button')}
          onConfirm={() => deleteRecord.mutate(record.id)}
          isPending={deleteRecord.isPending}
        >
          <p>{t('medicalRecords.delete.confirmBody', { title: record.title })}</p>
        </ConfirmDialog>
      )}
    </article>
  );
}
