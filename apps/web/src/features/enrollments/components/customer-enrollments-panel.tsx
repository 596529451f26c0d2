import { PAGE_DEFAULTS } from '@reformer/domain/paging';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner.tsx';
import { usePermissions } from '@/lib/access-profile.ts';
import { describeError } from '@/lib/error-messages.ts';
import { enrollmentsQueryOptions } from '../api/get-enrollments.ts';
import { useEnrollmentText } from './enrollment-display.ts';
import { EnrollmentStatusBadge } from './enrollment-status-badge.tsx';

type CustomerEnrollmentsPanelProps = { organizationId: string; customerId: string };

/** The customer details page's Enrollments tab: theirs, newest first as the list gives them, and a new one. */
export function CustomerEnrollmentsPanel({ organizationId, customerId }: CustomerEnrollmentsPanelProps) {
  const { t } = useTranslation();
  const text = useEnrollmentText();
  const permissions = usePermissions(organizationId);
  const query = { page: 1, limit: PAGE_DEFAULTS.maxLimit, customerId };
  const enrollments = useQuery(enrollmentsQueryOptions(organizationId, query));

  return (
    <section className="card border border-base-300 bg-base-100">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="card-title text-lg">{t('enrollments.customerTab.title')}</h2>
          {permissions.canAny('MANAGE_ENROLLMENTS') && (
            <Link
              to="/app/org/$orgId/enrollments/new"
              params={{ orgId: organizationId }}
              search={{ customerId }}
              className="btn btn-primary btn-sm"
            >
              {t('enrollments.customerTab.new')}
            </Link>
          )}
        </div>
        {enrollments.isPending && <Spinner />}
        {enrollments.isError && (
          <div role="alert" className="alert alert-error flex flex-wrap justify-between">
            <span>{describeError(enrollments.error)}</span>
            <button type="button" className="btn btn-sm" onClick={() => enrollments.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        )}
        {enrollments.data?.total === 0 && <p>{t('enrollments.customerTab.empty')}</p>}
        {enrollments.data && enrollments.data.total > 0 && (
          <ul className="divide-y divide-base-300">
            {enrollments.data.items.map((enrollment) => (
              <li key={enrollment.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <Link
                    to="/app/org/$orgId/enrollments/$enrollmentId/details"
                    params={{ orgId: organizationId, enrollmentId: enrollment.id }}
                    className="link font-medium"
                  >
                    {enrollment.scheduleName}
                  </Link>
                  <span className="block text-sm text-base-content/70">
                    {enrollment.establishmentName} · {enrollment.planName}
                  </span>
                  <span className="block text-sm text-base-content/70">{text.period(enrollment)}</span>
                </div>
                <EnrollmentStatusBadge status={enrollment.status} />
              </li>
            ))}
          </ul>
        )}
        {enrollments.data && enrollments.data.total > 0 && (
          <Link
            to="/app/org/$orgId/enrollments"
            params={{ orgId: organizationId }}
            search={{ customerId }}
            className="link text-sm"
          >
            {t('enrollments.customerTab.seeAll')}
          </Link>
        )}
      </div>
    </section>
  );
}
