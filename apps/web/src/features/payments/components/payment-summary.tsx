import { useTranslation } from 'react-i18next';
import { usePaymentText } from './payment-display.ts';

type PaymentSummaryProps = {
  customerName: string;
  /** The plan (and class) paid for, once chosen. */
  plan?: string | undefined;
  /** The billing cycle paid, once known; null: the one after those already paid. */
  cycle?: { start: string; end: string } | null | undefined;
};

/** What the steps so far chose: who pays, for which plan and class, and which billing cycle. */
export function PaymentSummary({ customerName, plan, cycle }: PaymentSummaryProps) {
  const { t } = useTranslation();
  const text = usePaymentText();
  return (
    <dl className="flex flex-wrap gap-x-8 gap-y-2 rounded-box bg-base-200 p-3 text-sm">
      <div className="min-w-40 flex-1">
        <dt className="text-base-content/70">{t('payments.summary.customer')}</dt>
        <dd className="font-medium break-words">{customerName}</dd>
      </div>
      {plan !== undefined && (
        <div className="min-w-40 flex-1">
          <dt className="text-base-content/70">{t('payments.summary.plan')}</dt>
          <dd className="font-medium break-words">{plan}</dd>
        </div>
      )}
      {cycle !== undefined && (
        <div className="min-w-40 flex-1">
          <dt className="text-base-content/70">{t('payments.summary.cycle')}</dt>
          <dd className="font-medium">{cycle ? text.period(cycle) : t('payments.summary.nextCycle')}</dd>
        </div>
      )}
    </dl>
  );
}
