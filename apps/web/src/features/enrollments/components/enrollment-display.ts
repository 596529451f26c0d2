import { addDays } from '@reformer/domain/calendar-dates';
import {
  type Enrollment,
  type EnrollmentRenewalView,
  enrollmentWillRenew,
  lastCoveredDate,
} from '@reformer/domain/enrollments';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate } from '@/lib/format.ts';
import { useNameOrUnknown } from '@/lib/person-name.ts';

type Dates = Pick<Enrollment, 'startDate' | 'endDate' | 'pausedFrom' | 'resumeOn' | 'canceledFrom'>;

/** What the list, the details and the customer's tab say about an enrollment, in the user's language. */
export function useEnrollmentText() {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const nameOrUnknown = useNameOrUnknown();
  return {
    customer: (enrollment: Pick<Enrollment, 'customerName'>) => nameOrUnknown(enrollment.customerName),
    period: (enrollment: Dates) =>
      t('enrollments.display.period', {
        start: formatDate(enrollment.startDate),
        end: formatDate(enrollment.endDate),
      }),
    /**
     * "Renews on" the day the next period starts, or "Ends on" its last day; nothing for an enrollment that
     * no longer runs (its status says it).
     */
    renewal: (enrollment: EnrollmentRenewalView & Dates): string | null => {
      if (enrollment.status !== 'ACTIVE' && enrollment.status !== 'PAUSED') return null;
      if (enrollmentWillRenew(enrollment)) {
        return t('enrollments.display.renewsOn', { date: formatDate(addDays(enrollment.endDate, 1)) });
      }
      return t('enrollments.display.endsOn', { date: formatDate(lastCoveredDate(enrollment)) });
    },
    /** The pause window or the cancellation date, when there is one. */
    interruption: (enrollment: Dates): string | null => {
      if (enrollment.canceledFrom) {
        return t('enrollments.display.canceledFrom', { date: formatDate(enrollment.canceledFrom) });
      }
      if (!enrollment.pausedFrom) return null;
      const from = formatDate(enrollment.pausedFrom);
      return enrollment.resumeOn
        ? t('enrollments.display.pausedUntil', { from, resumeOn: formatDate(enrollment.resumeOn) })
        : t('enrollments.display.paused', { from });
    },
  };
}
