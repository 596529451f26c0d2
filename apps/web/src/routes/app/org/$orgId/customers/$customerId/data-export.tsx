import { canExportCustomerData } from '@reformer/domain/customer-data-export';
import { isLegacyRecordType, type MedicalRecord } from '@reformer/domain/medical-records';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '@/components/errors/error-screen.tsx';
import { RouteErrorScreen } from '@/components/errors/route-error-screen.tsx';
import { customerDataExportQueryOptions } from '@/features/customers/api/get-customer-data-export.ts';
import { CustomerDataExportPage } from '@/features/customers/components/customer-data-export-page.tsx';
import { RecordSummary } from '@/features/medical-records/components/record-summary.tsx';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';

export const Route = createFileRoute('/app/org/$orgId/customers/$customerId/data-export')({
  staticData: { titleKey: 'dataExport.title' },
  loader: async ({ context: { queryClient }, params: { orgId, customerId } }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    // Every part's action at organization scope (decision 021); the server checks the same rule.
    if (!canExportCustomerData(profile)) throw new AccessDeniedError('MANAGE_CUSTOMERS');
    await queryClient.ensureQueryData(customerDataExportQueryOptions(orgId, customerId));
  },
  component: CustomerDataExportRoute,
  errorComponent: CustomerDataExportError,
});

function CustomerDataExportRoute() {
  const { orgId, customerId } = Route.useParams();
  return (
    <CustomerDataExportPage
      organizationId={orgId}
      customerId={customerId}
      renderMedicalRecord={(record) => <MedicalRecordContent record={record} />}
    />
  );
}

/** A record's document as its own page reads it; a legacy type's is stored but not shown (ARCHITECTURE §5). */
function MedicalRecordContent({ record }: { record: MedicalRecord }) {
  const { t } = useTranslation();
  if (isLegacyRecordType(record.type)) return <p className="alert">{t('medicalRecords.unsupportedType')}</p>;
  return <RecordSummary record={record} />;
}

function CustomerDataExportError(props: ErrorComponentProps) {
  const { t } = useTranslation();
  if (!(props.error instanceof AccessDeniedError)) return <RouteErrorScreen {...props} />;
  return <ErrorScreen kind="accessDenied" message={t('dataExport.accessDenied')} home="app" />;
}
