import { ENROLLMENT_STATUSES } from '@reformer/domain/enrollments';
import type { EnrollmentBilling, Payment } from '@reformer/domain/payments';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate, useFormatMoney } from '@/lib/format.ts';
import { useNameOrUnknown } from '@/lib/person-name.ts';

/** What the list, the dialogs and the forms say about a payment, in the user's language and locale. */
export function usePaymentText() {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const formatMoney = useFormatMoney();
  const nameOrUnknown = useNameOrUnknown();
  return {
    customer: (payment: Pick<Payment, 'customerName'>) => nameOrUnknown(payment.customerName),
    amount: (payment: Pick<Payment, 'amountCents' | 'currency'>) =>
      formatMoney(payment.amountCents, payment.currency),
    date: (payment: Pick<Payment, 'paidOn'>) => formatDate(payment.paidOn),
    /** A billing cycle: "Dec 1, 2026 to Dec 31, 2026". */
    period: (cycle: { start: string; end: string }) =>
      t('payments.display.period', { start: formatDate(cycle.start), end: formatDate(cycle.end) }),
    /** The cycle a payment pays. */
    cycle: (payment: Pick<Payment, 'cycleStart' | 'cycleEnd'>) =>
      t('payments.display.period', {
        start: formatDate(payment.cycleStart),
        end: formatDate(payment.cycleEnd),
      }),
    /** The billing's enrollment status is a plain string on the wire: a known one in words, else as sent. */
    enrollmentStatus: ({ status }: Pick<EnrollmentBilling, 'status'>) => {
      const known = ENROLLMENT_STATUSES.find((candidate) => candidate === status);
      return known ? t(`enrollments.statuses.${known}`) : status;
    },
  };
}
