import { CREATABLE_RECORD_TYPES, type CreatableRecordType } from '@reformer/domain/medical-records';
import { canAny } from '@reformer/domain/permissions';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { customerQueryOptions } from '@/features/customers/api/get-customer.ts';
import { NewMedicalRecordPage } from '@/features/medical-records/components/new-medical-record-page.tsx';
import { organizationQueryOptions } from '@/features/organizations/api/get-organization.ts';
import { accessProfileQueryOptions, usePermissions } from '@/lib/access-profile.ts';
import { usePersonName } from '@/lib/person-name.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';
import { MedicalRecordsError } from './-medical-records-error.tsx';

export const Route = createFileRoute('/app/org/$orgId/customers/$customerId/medical-records/new')({
  staticData: { titleKey: 'medicalRecords.newRecord' },
  validateSearch: (search: Record<string, unknown>): { type?: CreatableRecordType | undefined } => ({
    type: CREATABLE_RECORD_TYPES.find((type) => type === search.type),
  }),
  loader: async ({ context: { queryClient }, params: { orgId } }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    if (!canAny(profile, 'MANAGE_MEDICAL_RECORDS')) throw new AccessDeniedError('MANAGE_MEDICAL_RECORDS');
    await queryClient.ensureQueryData(organizationQueryOptions(orgId));
  },
  component: NewMedicalRecordRoute,
  errorComponent: MedicalRecordsError,
});

function NewMedicalRecordRoute() {
  const { orgId, customerId } = Route.useParams();
  const { type } = Route.useSearch();
  const { data: organization } = useSuspenseQuery(organizationQueryOptions(orgId));
  const nameOf = usePersonName();
  // The customer's name heads the form for members who may see customers.
  const canViewCustomers = usePermissions(orgId).canAny('VIEW_CUSTOMERS');
  const customer = useQuery({ ...customerQueryOptions(orgId, customerId), enabled: canViewCustomers });
  return (
    <NewMedicalRecordPage
      organizationId={orgId}
      customerId={customerId}
      customerName={customer.data ? nameOf(customer.data) : null}
      type={type}
      timeZone={organization.timeZone}
    />
  );
}
