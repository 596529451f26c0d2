import { can } from '@reformer/domain/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { customerBillingQueryOptions } from '@/features/payments/api/get-customer-billing.ts';
import { NewPaymentPage } from '@/features/payments/components/new-payment-page.tsx';
import { PAYMENT_STEPS } from '@/features/payments/components/payment-steps.tsx';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';
import { usePaymentMerchant } from './-payment-merchant.ts';
import { PaymentsError } from './-payments-error.tsx';

/**
 * `?customerId=`: the customer chosen before the flow opens (from their details page); as the flow goes on,
 * the step and the enrollment chosen are kept here too, so Back, Forward and a reload stay in the flow.
 */
const NewPaymentSearch = z.object({
  customerId: z.uuid().optional().catch(undefined),
  enrollmentId: z.uuid().optional().catch(undefined),
  purchaseId: z.uuid().optional().catch(undefined),
  step: z.enum(PAYMENT_STEPS).optional().catch(undefined),
});

export const Route = createFileRoute('/app/org/$orgId/payments/new')({
  staticData: { titleKey: 'payments.create.title' },
  validateSearch: (search: Record<string, unknown>): z.infer<typeof NewPaymentSearch> =>
    NewPaymentSearch.parse(search),
  loaderDeps: ({ search: { customerId, enrollmentId, purchaseId } }) => ({
    customerId,
    enrollmentId,
    purchaseId,
  }),
  loader: async ({ context: { queryClient }, params: { orgId }, deps }) => {
    const { customerId, enrollmentId, purchaseId } = deps;
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    if (!can(profile, 'MANAGE_PAYMENTS', { scope: 'ORG' })) throw new AccessDeniedError('MANAGE_PAYMENTS');
    const nothing = { customer: null, enrollment: null, purchase: null };
    if (!customerId) return nothing;
    // Step 2 first for a customer with an enrollment or a plan sold to them; else step 1.
    const billing = await queryClient
      .ensureQueryData(customerBillingQueryOptions(orgId, customerId))
      .catch(() => null);
    if (!billing || billing.enrollments.length + billing.purchases.length === 0) return nothing;
    return {
      customer: { id: customerId, name: billing.customerName },
      enrollment: billing.enrollments.find((enrollment) => enrollment.enrollmentId === enrollmentId) ?? null,
      purchase: billing.purchases.find((purchase) => purchase.id === purchaseId) ?? null,
    };
  },
  component: NewPaymentRoute,
  errorComponent: PaymentsError,
});

function NewPaymentRoute() {
  const { orgId } = Route.useParams();
  const { step } = Route.useSearch();
  const { customer, enrollment, purchase } = Route.useLoaderData();
  const navigate = Route.useNavigate();
  const merchant = usePaymentMerchant(orgId);
  return (
    <NewPaymentPage
      organizationId={orgId}
      merchant={merchant}
      customer={customer}
      enrollment={enrollment}
      purchase={purchase}
      step={step}
      // Each step is a history entry: the browser's Back goes to the step before, not out of the flow.
      onStepChange={(next, chosen) => navigate({ search: { ...chosen, step: next } })}
    />
  );
}
