import type { EnrollmentDetails } from '@reformer/domain/enrollments';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '@/lib/format.ts';
import { useEnrollmentText } from './enrollment-display.ts';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-base-content/60">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

type EnrollmentSummaryProps = {
  organizationId: string;
  enrollment: EnrollmentDetails;
  /** The customer's page opens only for VIEW_CUSTOMERS. */
  canOpenCustomer: boolean;
};

/** Who, under which plan, in which class, for how long, and any pause or cancellation. */
export function EnrollmentSummary({ organizationId, enrollment, canOpenCustomer }: EnrollmentSummaryProps) {
  const { t } = useTranslation();
  const text = useEnrollmentText();
  const formatInstant = useFormatDate();
  const name = text.customer(enrollment);
  const interruption = text.interruption(enrollment);
  const renewal = text.renewal(enrollment);
  return (
    <section className="card border border-base-300 bg-base-100">
      <dl className="card-body grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <Item label={t('enrollments.details.customer')}>
          {canOpenCustomer ? (
            <Link
              to="/app/org/$orgId/customers/$customerId/details"
              params={{ orgId: organizationId, customerId: enrollment.customerId }}
              className="link"
            >
              {name}
            </Link>
          ) : (
            name
          )}
        </Item>
        <Item label={t('enrollments.details.plan')}>{enrollment.planName}</Item>
        <Item label={t('enrollments.details.schedule')}>{enrollment.scheduleName}</Item>
        <Item label={t('enrollments.details.establishment')}>{enrollment.establishmentName}</Item>
        <Item label={t('enrollments.details.period')}>
          {text.period(enrollment)}
          <span className="block text-xs text-base-content/70">
            {enrollment.isEndDateExplicit
              ? t('enrollments.details.endDateChosen')
              : t('enrollments.details.endDateFromPlan')}
          </span>
        </Item>
        {renewal && <Item label={t('enrollments.details.renewal')}>{renewal}</Item>}
        {interruption && (
          <Item
            label={
              enrollment.canceledFrom ? t('enrollments.details.canceled') : t('enrollments.details.pause')
            }
          >
            {interruption}
          </Item>
        )}
        <Item label={t('enrollments.details.createdAt')}>{formatInstant(enrollment.createdAt)}</Item>
        <div className="sm:col-span-2">
          <dt className="text-sm text-base-content/60">{t('enrollments.details.notes')}</dt>
          <dd className="whitespace-pre-line break-words">
            {enrollment.notes || t('enrollments.details.noNotes')}
          </dd>
        </div>
      </dl>
    </section>
  );
}
