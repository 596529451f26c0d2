import { isLegacyRecordType } from '@reformer/domain/medical-records';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { medicalRecordQueryOptions } from '../api/get-medical-record.ts';
import { useUpdateMedicalRecord } from '../api/update-medical-record.ts';
import { MedicalRecordForm } from './medical-record-form.tsx';
import { recordToValues } from './record-form-values.ts';
import { RecordPageHeader } from './record-page-header.tsx';

type EditMedicalRecordPageProps = { organizationId: string; customerId: string; recordId: string };

/** The record's form filled with what was saved; saved, the record opens again. */
export function EditMedicalRecordPage({ organizationId, customerId, recordId }: EditMedicalRecordPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: record } = useSuspenseQuery(medicalRecordQueryOptions(organizationId, customerId, recordId));
  const toRecord = () =>
    navigate({
      to: '/app/org/$orgId/customers/$customerId/medical-records/$recordId',
      params: { orgId: organizationId, customerId, recordId },
    });
  const updateRecord = useUpdateMedicalRecord(organizationId, customerId, recordId, { onSuccess: toRecord });
  const header = (
    <RecordPageHeader
      organizationId={organizationId}
      customerId={customerId}
      customerName={record.customerName}
      title={t('medicalRecords.update.titleOf', { title: record.title })}
    />
  );
  if (isLegacyRecordType(record.type)) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-6">
        {header}
        <p role="alert" className="alert">
          {t('medicalRecords.unsupportedType')}
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      {header}
      <MedicalRecordForm
        key={record.updatedAt}
        defaultValues={recordToValues(record)}
        draftOf={{ organizationId, name: `medical-record:${customerId}:${recordId}` }}
        submitLabel={t('common.save')}
        isPending={updateRecord.isPending}
        onSubmit={(values) => updateRecord.mutateAsync(values)}
        onCancel={toRecord}
      />
    </div>
  );
}
