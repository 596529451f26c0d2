import { type PaymentReceipt as Receipt, receiptKeptCents } from '@reformer/domain/portal-payments';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate, useFormatMoney } from '@/lib/format.ts';

/**
 * A payment's receipt (decision 042), one component for the customer's portal and for staff's payments: who
 * received, from whom, how much, for what (the cycle's period or the pack's validity), when, how, and the
 * payment's id. "Print" prints the page; the print style leaves out everything but the receipt.
 */
export function PaymentReceipt({ receipt, actions }: { receipt: Receipt; actions?: ReactNode }) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const formatMoney = useFormatMoney();
  const money = (cents: number) => formatMoney(cents, receipt.currency);
  const period = {
    plan: receipt.planName,
    from: formatDate(receipt.periodStart),
    to: formatDate(receipt.periodEnd),
  };
  const what = receipt.isPack ? t('receipts.pack', period) : t('receipts.cycle', period);
  return (
    <article
      aria-labelledby="payment-receipt-title"
      className="flex w-full flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 print:border-0"
    >
      <header className="flex flex-col gap-1">
        <h1 id="payment-receipt-title" className="text-2xl font-semibold">
          {t('receipts.title')}
        </h1>
        <p className="text-lg">{receipt.organizationName}</p>
      </header>
      <p>
        {t('receipts.statement', {
          organization: receipt.organizationName,
          customer: receipt.customerName,
          amount: money(receipt.amountCents),
          what,
        })}
      </p>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
        <ReceiptLine label={t('receipts.amount')} value={money(receipt.amountCents)} />
        {receipt.refundedCents > 0 && (
          <>
            <ReceiptLine label={t('receipts.refunded')} value={money(receipt.refundedCents)} />
            <ReceiptLine label={t('receipts.kept')} value={money(receiptKeptCents(receipt))} />
          </>
        )}
        <ReceiptLine label={t('receipts.paidOn')} value={formatDate(receipt.paidOn)} />
        <ReceiptLine label={t('receipts.method')} value={t(`payments.methods.${receipt.method}`)} />
        <ReceiptLine label={t('receipts.for')} value={what} />
        <ReceiptLine label={t('receipts.paymentId')} value={receipt.paymentId} isCode />
        {receipt.endToEndId && (
          <ReceiptLine label={t('receipts.endToEndId')} value={receipt.endToEndId} isCode />
        )}
      </dl>
      <div className="flex flex-wrap gap-2 print:hidden">
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          {t('receipts.print')}
        </button>
        {actions}
      </div>
    </article>
  );
}

function ReceiptLine({ label, value, isCode }: { label: string; value: string; isCode?: boolean }) {
  return (
    <>
      <dt className="text-sm text-base-content/70">{label}</dt>
      <dd className={isCode ? 'font-mono text-sm break-all' : 'tabular-nums'}>{value}</dd>
    </>
  );
}
