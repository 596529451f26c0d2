import type { CycleState, PaymentStatus } from '@reformer/domain/payments';
import { useTranslation } from 'react-i18next';

const STATUS_CLASSES: Record<PaymentStatus, string> = {
  COMPLETED: 'badge-success',
  PENDING: 'badge-warning',
  FAILED: 'badge-error',
  REFUNDED: 'badge-info',
  CANCELLED: 'badge-ghost',
};

/** The payment's status in words; the colour only repeats it. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`badge badge-sm whitespace-nowrap ${STATUS_CLASSES[status]}`}>
      {t(`payments.statuses.${status}`)}
    </span>
  );
}

const CYCLE_CLASSES: Record<CycleState, string> = {
  PAID: 'badge-success',
  OVERDUE: 'badge-error',
  DUE: 'badge-warning',
  UPCOMING: 'badge-ghost',
};

/** A billing cycle: paid, overdue, due today or upcoming. */
export function CycleStateBadge({ state }: { state: CycleState }) {
  const { t } = useTranslation();
  return (
    <span className={`badge badge-sm whitespace-nowrap ${CYCLE_CLASSES[state]}`}>
      {t(`payments.cycleStates.${state}`)}
    </span>
  );
}
