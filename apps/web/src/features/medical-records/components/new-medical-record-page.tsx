import { CREATABLE_RECORD_TYPES, type CreatableRecordType } from '@reformer/domain/medical-records';
import { todayIn } from '@reformer/domain/time-zones';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCreateMedicalRecord } from '../api/create-medical-record.ts';
import { MedicalRecordForm } from './medical-record-form.tsx';
import { newRecordValues } from './record-form-values.ts';
import { RecordPageHeader } from './record-page-header.tsx';

type NewMedicalRecordPageProps = {
  organizationId: string;
  customerId: string;
  customerName: string | null;
  /** Chosen in the type chooser (the URL's ?type=); none yet shows the chooser. */
  type: CreatableRecordType | undefined;
  timeZone: string;
};

/** "New record": the type first, then that type's form; saved, the record opens. */
export function NewMedicalRecordPage({
  organizationId,
  customerId,
  customerName,
  type,
  timeZone,
}: NewMedicalRecordPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toCustomer = () =>
    navigate({
      to: '/app/org/$orgId/customers/$customerId/details',
      params: { orgId: organizationId, customerId },
      search: { tab: 'medicalRecords' },
    });
  const createRecord = useCreateMedicalRecord(organizationId, customerId, {
    // A replayed create answers only the id: the record page loads the rest.
    onSuccess: (record) =>
      navigate({
        to: '/app/org/$orgId/customers/$customerId/medical-records/$recordId',
        params: { orgId: organizationId, customerId, recordId: record.id },
      }),
  });
  const header = (
    <RecordPageHeader
      organizationId={organizationId}
      customerId={customerId}
      customerName={customerName}
      title={
        type
          ? t('medicalRecords.create.titleOf', { type: t(`medicalRecords.types.${type}`) })
          : t('medicalRecords.newRecord')
      }
    />
  );
  if (!type) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-6">
        {header}
        <section aria-labelledby="record-type-chooser" className="flex flex-col gap-3">
          <h2 id="record-type-chooser" className="text-lg font-semibold">
            {t('medicalRecords.chooseType')}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {CREATABLE_RECORD_TYPES.map((choice) => (
              <li key={choice}>
                <Link
                  to="/app/org/$orgId/customers/$customerId/medical-records/new"
                  params={{ orgId: organizationId, customerId }}
                  search={{ type: choice }}
                  className="btn btn-block h-auto justify-start py-3 text-left"
                >
                  {t(`medicalRecords.types.${choice}`)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      {header}
      <MedicalRecordForm
        key={type}
        defaultValues={newRecordValues(type, todayIn(timeZone))}
        draftOf={{ organizationId, name: `medical-record:${customerId}:new:${type}` }}
        submitLabel={t('medicalRecords.create.submit')}
        isPending={createRecord.isPending}
        onSubmit={(values) => createRecord.mutateAsync(values)}
        onCancel={toCustomer}
      />
    </div>
  );
}
