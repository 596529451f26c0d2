import { canAny } from '@reformer/domain/permissions';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { CustomerClassLinkCard } from '@/features/class-links/components/customer-class-link-card.tsx';
import { CustomerContractPanel } from '@/features/contracts/components/customer-contract-panel.tsx';
import { customerQueryOptions } from '@/features/customers/api/get-customer.ts';
import { CustomerDetailsPage } from '@/features/customers/components/customer-details-page.tsx';
import { CUSTOMER_DETAIL_TABS, type CustomerDetailTab } from '@/features/customers/customer-detail-tabs.ts';
import { CustomerEnrollmentsPanel } from '@/features/enrollments/components/customer-enrollments-panel.tsx';
import { CustomerEventMessagesPanel } from '@/features/events/components/customer-event-messages-panel.tsx';
import { CustomerQuestionnaireCard } from '@/features/health-questionnaire/components/customer-questionnaire-card.tsx';
import { CustomerMakeUpCreditsPanel } from '@/features/make-up-credits/components/customer-make-up-credits-panel.tsx';
import { CustomerMedicalRecordsPanel } from '@/features/medical-records/components/customer-medical-records-panel.tsx';
import { organizationQueryOptions } from '@/features/organizations/api/get-organization.ts';
import { CustomerPaymentsPanel } from '@/features/payments/components/customer-payments-panel.tsx';
import { CustomerPixAutomaticoNote } from '@/features/pix-automatico/components/customer-pix-automatico-note.tsx';
import { CustomerPixCharges } from '@/features/pix-charges/components/customer-pix-charges.tsx';
import { CustomerPurchasesPanel } from '@/features/purchases/components/customer-purchases-panel.tsx';
import { CustomerWhatsAppConsent } from '@/features/whatsapp/components/customer-whatsapp-consent.tsx';
import { accessProfileQueryOptions, usePermissions } from '@/lib/access-profile.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';

export const Route = createFileRoute('/app/org/$orgId/customers/$customerId/details')({
  staticData: { titleKey: 'customers.list.title' },
  validateSearch: (search: Record<string, unknown>): { tab?: CustomerDetailTab | undefined } => ({
    tab: CUSTOMER_DETAIL_TABS.find((tab) => tab === search.tab),
  }),
  loader: async ({ context: { queryClient }, params: { orgId, customerId } }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    if (!canAny(profile, 'VIEW_CUSTOMERS')) throw new AccessDeniedError('VIEW_CUSTOMERS');
    await queryClient.ensureQueryData(customerQueryOptions(orgId, customerId));
  },
  component: CustomerDetailsRoute,
});

function CustomerDetailsRoute() {
  const { orgId, customerId } = Route.useParams();
  const tab = Route.useSearch().tab ?? 'profile';
  const permissions = usePermissions(orgId);
  const { data: customer } = useSuspenseQuery(customerQueryOptions(orgId, customerId));
  const { data: organization } = useSuspenseQuery(organizationQueryOptions(orgId));
  // The packs, single and trial classes sold to them sit beside their enrollments (decision 029): the same
  // permission (PURCHASE_ACTIONS.view is VIEW_ENROLLMENTS) shows both.
  const enrollmentsPanel = permissions.canAny('VIEW_ENROLLMENTS') ? (
    <div className="flex flex-col gap-4">
      <CustomerEnrollmentsPanel organizationId={orgId} customerId={customerId} />
      <CustomerPurchasesPanel organizationId={orgId} customerId={customerId} />
    </div>
  ) : null;
  const paymentsPanel = permissions.can('VIEW_PAYMENTS') ? (
    <div className="flex flex-col gap-4">
      <CustomerPaymentsPanel organizationId={orgId} customerId={customerId} />
      <CustomerPixCharges organizationId={orgId} customerId={customerId} />
      <CustomerPixAutomaticoNote
        organizationId={orgId}
        customerId={customerId}
        timeZone={organization.timeZone}
      />
    </div>
  ) : null;
  const medicalRecordsPanel = permissions.canAny('VIEW_MEDICAL_RECORDS') ? (
    <CustomerMedicalRecordsPanel
      organizationId={orgId}
      customerId={customerId}
      timeZone={organization.timeZone}
    />
  ) : null;
  // The route's loader already required VIEW_CUSTOMERS, which the messages need (decision 016).
  // The WhatsApp opt-in (decision 049) sits above the messages it governs.
  const messagesPanel = (
    <div className="flex flex-col gap-4">
      <CustomerWhatsAppConsent
        organizationId={orgId}
        customerId={customerId}
        timeZone={organization.timeZone}
        canManage={permissions.canAny('MANAGE_CUSTOMERS')}
      />
      <CustomerEventMessagesPanel organizationId={orgId} customerId={customerId} />
    </div>
  );
  // VIEW_CUSTOMERS too: the loader required it. The class link (decision 025) sits beside the credits it
  // lets the customer earn; making one needs MANAGE_ATTENDANCE somewhere.
  const makeUpCreditsPanel = (
    <div className="flex flex-col gap-4">
      <CustomerMakeUpCreditsPanel organizationId={orgId} customerId={customerId} />
      <CustomerClassLinkCard
        organizationId={orgId}
        customerId={customerId}
        customerFirstName={customer.firstName}
        timeZone={organization.timeZone}
        canManage={permissions.canAny('MANAGE_ATTENDANCE')}
      />
      <CustomerQuestionnaireCard
        organizationId={orgId}
        customerId={customerId}
        timeZone={organization.timeZone}
      />
    </div>
  );
  // VIEW_CUSTOMERS, as the loader required: the signatures' evidence and the consents (decision 043).
  const contractPanel = (
    <CustomerContractPanel organizationId={orgId} customerId={customerId} timeZone={organization.timeZone} />
  );
  return (
    <CustomerDetailsPage
      organizationId={orgId}
      customerId={customerId}
      tab={tab}
      enrollmentsPanel={enrollmentsPanel}
      paymentsPanel={paymentsPanel}
      medicalRecordsPanel={medicalRecordsPanel}
      messagesPanel={messagesPanel}
      makeUpCreditsPanel={makeUpCreditsPanel}
      contractPanel={contractPanel}
    />
  );
}
