import { can } from '@reformer/domain/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { paymentReceiptQueryOptions } from '@/features/payments/api/get-payment-receipt.ts';
import { PaymentReceiptPage } from '@/features/payments/components/payment-receipt-page.tsx';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';
import { PaymentsError } from '../-payments-error.tsx';

export const Route = createFileRoute('/app/org/$orgId/payments/$paymentId/receipt')({
  staticData: { titleKey: 'receipts.title' },
  loader: async ({ context: { queryClient }, params: { orgId, paymentId } }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    if (!can(profile, 'VIEW_PAYMENTS', { scope: 'ORG' })) throw new AccessDeniedError('VIEW_PAYMENTS');
    await queryClient.ensureQueryData(paymentReceiptQueryOptions(orgId, paymentId));
  },
  component: PaymentReceiptRoute,
  errorComponent: PaymentsError,
});

function PaymentReceiptRoute() {
  const { orgId, paymentId } = Route.useParams();
  return <PaymentReceiptPage organizationId={orgId} paymentId={paymentId} />;
}
