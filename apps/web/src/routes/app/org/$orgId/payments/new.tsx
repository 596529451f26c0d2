import { can } from '@reformer/domain/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { customerBillingQueryOptions } from '../../../../../features/payments/api/get-customer-billing.ts';
import { NewPaymentPage } from '../../../../../features/payments/components/new-payment-page.tsx';
import { accessProfileQueryOptions } from '../../../../../lib/access-profile.ts';
import { AccessDeniedError } from '../../../../../lib/route-errors.ts';
import { usePaymentMerchant } from './-payment-merchant.ts';
import { PaymentsError } from './-payments-error.tsx';

/** `?customerId=`: the customer chosen before the flow opens (from their details page). */
const NewPaymentSearch = z.object({ customerId: z.uuid().optional().catch(undefined) });

export const Route = createFileRoute('/app/org/$orgId/payments/new')({
  staticData: { titleKey: 'payments.create.title' },
  validateSearch: (search: Record<string, unknown>): z.infer<typeof NewPaymentSearch> =>
    NewPaymentSearch.parse(search),
  loaderDeps: ({ search: { customerId } }) => ({ customerId }),
  loader: async ({ context: { queryClient }, params: { orgId }, deps: { customerId } }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    if (!can(profile, 'MANAGE_PAYMENTS', { scope: 'ORG' })) throw new AccessDeniedError('MANAGE_PAYMENTS');
    if (!customerId) return { customer: null };
    // Step 2 first for a customer with an enrollment; else step 1.
    const billing = await queryClient
      .ensureQueryData(customerBillingQueryOptions(orgId, customerId))
      .catch(() => null);
    return { customer: billing?.enrollments.length ? { id: customerId, name: billing.customerName } : null };
  },
  component: NewPaymentRoute,
  errorComponent: PaymentsError,
});

function NewPaymentRoute() {
  const { orgId } = Route.useParams();
  const { customer } = Route.useLoaderData();
  const merchant = usePaymentMerchant(orgId);
  return <NewPaymentPage organizationId={orgId} merchant={merchant} customer={customer} />;
}
