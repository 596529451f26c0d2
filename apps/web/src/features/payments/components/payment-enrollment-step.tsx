import type { EnrollmentBilling } from '@reformer/domain/payments';
import type { Purchase } from '@reformer/domain/purchases';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useFormatLocalDate, useFormatMoney } from '@/lib/format.ts';
import { customerBillingQueryOptions } from '../api/get-customer-billing.ts';
import { usePaymentText } from './payment-display.ts';
import { cycleToPay } from './payment-form-values.ts';
import { PaymentPurchaseOptions } from './payment-purchase-options.tsx';

type PaymentEnrollmentStepProps = {
  organizationId: string;
  customerId: string;
  value: string | null;
  onChange: (enrollment: EnrollmentBilling) => void;
  purchaseId: string | null;
  onChoosePurchase: (purchase: Purchase) => void;
};

/**
 * Step 2: which of the customer's enrollments (plan and class) the payment is for, and the cycle it pays; or
 * which pack, single or trial class sold to them (decision 029), paid once.
 */
export function PaymentEnrollmentStep({
  organizationId,
  customerId,
  value,
  onChange,
  purchaseId,
  onChoosePurchase,
}: PaymentEnrollmentStepProps) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const billing = useQuery(customerBillingQueryOptions(organizationId, customerId));
  const enrollments = billing.data?.enrollments ?? [];
  const purchases = billing.data?.purchases ?? [];
  const chosen = enrollments.find((enrollment) => enrollment.enrollmentId === value);
  const chosenPurchase = purchases.find((purchase) => purchase.id === purchaseId);
  const only = enrollments.length === 1 && purchases.length === 0 ? enrollments[0] : undefined;
  useEffect(() => {
    // One enrollment leaves nothing to choose.
    if (value === null && purchaseId === null && only) onChange(only);
  }, [value, purchaseId, only, onChange]);
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-2 text-lg font-semibold">{t('payments.enrollmentStep.title')}</legend>
      {billing.isPending && <Spinner />}
      {billing.isError && <QueryError error={billing.error} onRetry={billing.refetch} />}
      {billing.isSuccess && enrollments.length + purchases.length === 0 && (
        <p>{t('payments.enrollmentStep.none')}</p>
      )}
      {enrollments.length > 0 && (
        <ul className="flex flex-col rounded-box border border-base-300">
          {enrollments.map((enrollment) => (
            <EnrollmentOption
              key={enrollment.enrollmentId}
              enrollment={enrollment}
              isChosen={enrollment.enrollmentId === value}
              onChoose={() => onChange(enrollment)}
            />
          ))}
        </ul>
      )}
      <PaymentPurchaseOptions purchases={purchases} value={purchaseId} onChange={onChoosePurchase} />
      {chosen && <CycleToPay enrollment={chosen} />}
      {chosenPurchase && (
        <p className="alert alert-info">
          {t('payments.enrollmentStep.purchasePays', { date: formatDate(chosenPurchase.startsOn) })}
        </p>
      )}
    </fieldset>
  );
}

function EnrollmentOption({
  enrollment,
  isChosen,
  onChoose,
}: {
  enrollment: EnrollmentBilling;
  isChosen: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const text = usePaymentText();
  const formatMoney = useFormatMoney();
  const hintId = useId();
  return (
    <li className="border-b border-base-300 last:border-b-0">
      <label className="flex cursor-pointer items-start gap-3 px-3 py-2 hover:bg-base-200">
        <input
          type="radio"
          name="payment-enrollment"
          className="radio radio-sm mt-0.5"
          checked={isChosen}
          aria-describedby={hintId}
          onChange={onChoose}
        />
        <span className="min-w-0">
          <span className="block font-medium break-words">
            {t('payments.enrollmentStep.option', {
              plan: enrollment.planName,
              schedule: enrollment.scheduleName,
            })}
          </span>
          <span id={hintId} className="block text-xs text-base-content/70">
            {t('payments.enrollmentStep.price', {
              price: formatMoney(enrollment.priceCents, enrollment.currency),
            })}
            {' · '}
            {text.enrollmentStatus(enrollment)}
          </span>
        </span>
      </label>
    </li>
  );
}

/** "This payment pays the cycle …": what the server records it against when none is named. */
function CycleToPay({ enrollment }: { enrollment: EnrollmentBilling }) {
  const { t } = useTranslation();
  const text = usePaymentText();
  const formatDate = useFormatLocalDate();
  const formatMoney = useFormatMoney();
  const cycle = cycleToPay(enrollment);
  if (!cycle) return <p className="alert alert-info">{t('payments.enrollmentStep.paysNext')}</p>;
  return (
    <div className="alert alert-info flex flex-col items-start gap-1">
      <p>
        {t('payments.enrollmentStep.pays', { period: text.period(cycle), date: formatDate(cycle.dueDate) })}
      </p>
      {cycle.paidCents > 0 && (
        <p className="text-sm">
          {t('payments.enrollmentStep.partlyPaid', {
            paid: formatMoney(cycle.paidCents, enrollment.currency),
            price: formatMoney(cycle.priceCents, enrollment.currency),
          })}
        </p>
      )}
    </div>
  );
}
