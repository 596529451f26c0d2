import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PaymentReceipt } from '@/components/receipts/payment-receipt.tsx';
import { paymentReceiptQueryOptions } from '../api/get-payment-receipt.ts';

/** Staff's view of a payment's receipt: the one the customer opens in the portal, to print or hand over. */
export function PaymentReceiptPage({
  organizationId,
  paymentId,
}: {
  organizationId: string;
  paymentId: string;
}) {
  const { t } = useTranslation();
  const { data: receipt } = useSuspenseQuery(paymentReceiptQueryOptions(organizationId, paymentId));
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <PaymentReceipt
        receipt={receipt}
        actions={
          <Link to="/app/org/$orgId/payments" params={{ orgId: organizationId }} className="btn btn-ghost">
            {t('payments.backToList')}
          </Link>
        }
      />
    </div>
  );
}
