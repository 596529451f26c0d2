import { can } from '@reformer/domain/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { paymentQueryOptions } from '@/features/payments/api/get-payment.ts';
import { EditPaymentPage } from '@/features/payments/components/edit-payment-page.tsx';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';
import { usePaymentMerchant } from '../-payment-merchant.ts';
import { PaymentsError } from '../-payments-error.tsx';

export const Route = createFileRoute('/app/org/$orgId/payments/$paymentId/edit')({
  staticData: { titleKey: 'payments.edit.title' },
  loader: async ({ context: { queryClient }, params: { orgId, paymentId } }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    if (!can(profile, 'MANAGE_PAYMENTS', { scope: 'ORG' })) throw new AccessDeniedError('MANAGE_PAYMENTS');
    await queryClient.ensureQueryData(paymentQueryOptions(orgId, paymentId));
  },
  component: EditPaymentRoute,
  errorComponent: PaymentsError,
});

function EditPaymentRoute() {
  const { orgId, paymentId } = Route.useParams();
  const merchant = usePaymentMerchant(orgId);
  return <EditPaymentPage organizationId={orgId} paymentId={paymentId} merchant={merchant} />;
}
