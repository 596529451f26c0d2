import { canAny } from '@reformer/domain/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { medicalRecordQueryOptions } from '@/features/medical-records/api/get-medical-record.ts';
import { MedicalRecordPage } from '@/features/medical-records/components/medical-record-page.tsx';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';
import { MedicalRecordsError } from '../-medical-records-error.tsx';

export const Route = createFileRoute('/app/org/$orgId/customers/$customerId/medical-records/$recordId/')({
  staticData: { titleKey: 'medicalRecords.title' },
  loader: async ({ context: { queryClient }, params: { orgId, customerId, recordId } }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    if (!canAny(profile, 'VIEW_MEDICAL_RECORDS')) throw new AccessDeniedError('VIEW_MEDICAL_RECORDS');
    await queryClient.ensureQueryData(medicalRecordQueryOptions(orgId, customerId, recordId));
  },
  component: MedicalRecordRoute,
  errorComponent: MedicalRecordsError,
});

function MedicalRecordRoute() {
  const { orgId, customerId, recordId } = Route.useParams();
  return <MedicalRecordPage organizationId={orgId} customerId={customerId} recordId={recordId} />;
}
