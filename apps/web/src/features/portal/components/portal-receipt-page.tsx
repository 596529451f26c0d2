import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PaymentReceipt } from '@/components/receipts/payment-receipt.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { describeError } from '@/lib/error-messages.ts';
import { portalReceiptQueryOptions } from '../api/portal-payments-api.ts';

/** `/portal/receipts/$paymentId`: the receipt of one of the customer's payments, printable (decision 042). */
export function PortalReceiptPage({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation();
  const receipt = useQuery(portalReceiptQueryOptions(paymentId));
  const back = (
    <a href="/portal#pay" className="btn btn-ghost">
      {t('portalPayments.backToPortal')}
    </a>
  );
  return (
    <div className="flex justify-center px-4 py-6 sm:py-10">
      <div className="flex w-full max-w-lg flex-col gap-4">
        {receipt.isPending && <Spinner label={t('portal.loading')} />}
        {receipt.error && (
          <>
            <p role="alert" className="alert alert-error">
              {describeError(receipt.error, 'errors.network')}
            </p>
            {back}
          </>
        )}
        {receipt.data && <PaymentReceipt receipt={receipt.data} actions={back} />}
      </div>
    </div>
  );
}
