import { canAny } from '@reformer/domain/permissions';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { customerContractQueryOptions } from '@/features/contracts/api/get-customer-contract.ts';
import { ContractEvidence } from '@/features/contracts/components/contract-evidence.tsx';
import { customerQueryOptions } from '@/features/customers/api/get-customer.ts';
import { organizationQueryOptions } from '@/features/organizations/api/get-organization.ts';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
import { usePersonName } from '@/lib/person-name.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';

/** A signature's printable evidence (decision 043), for who may see the customer. */
export const Route = createFileRoute('/app/org/$orgId/customers/$customerId/contract-evidence/$signatureId')({
  staticData: { titleKey: 'contracts.evidence.pageTitle' },
  loader: async ({ context: { queryClient }, params: { orgId, customerId } }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    if (!canAny(profile, 'VIEW_CUSTOMERS')) throw new AccessDeniedError('VIEW_CUSTOMERS');
    await Promise.all([
      queryClient.ensureQueryData(customerQueryOptions(orgId, customerId)),
      queryClient.ensureQueryData(customerContractQueryOptions(orgId, customerId)),
    ]);
  },
  component: ContractEvidenceRoute,
});

function ContractEvidenceRoute() {
  const { orgId, customerId, signatureId } = Route.useParams();
  const nameOf = usePersonName();
  const { data: customer } = useSuspenseQuery(customerQueryOptions(orgId, customerId));
  const { data: organization } = useSuspenseQuery(organizationQueryOptions(orgId));
  return (
    <ContractEvidence
      organizationId={orgId}
      organizationName={organization.name}
      customerId={customerId}
      customerName={nameOf(customer)}
      signatureId={signatureId}
      timeZone={organization.timeZone}
    />
  );
}
