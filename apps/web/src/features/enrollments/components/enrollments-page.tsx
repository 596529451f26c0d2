import type { EnrollmentsSearchParams } from '@reformer/domain/enrollments';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '@/lib/access-profile.ts';
import { enrollmentOptionsQueryOptions } from '../api/get-enrollment-options.ts';
import { enrollmentsQueryOptions } from '../api/get-enrollments.ts';
import { EnrollmentFilters } from './enrollment-filters.tsx';
import { EnrollmentRowActions } from './enrollment-row-actions.tsx';
import { type EnrollmentsQueryChange, EnrollmentsResults } from './enrollments-results.tsx';

type EnrollmentsPageProps = {
  organizationId: string;
  query: EnrollmentsSearchParams;
  onQueryChange: EnrollmentsQueryChange;
};

/** The enrollments list of spec §2: filters, page and page size live in the URL. The route checked VIEW_ENROLLMENTS. */
export function EnrollmentsPage({ organizationId, query, onQueryChange }: EnrollmentsPageProps) {
  const { t } = useTranslation();
  const permissions = usePermissions(organizationId);
  const { data: options } = useSuspenseQuery(enrollmentOptionsQueryOptions(organizationId, {}));
  // The name of the customer the list is narrowed to, from the rows themselves (all are theirs).
  const { data: page } = useQuery({
    ...enrollmentsQueryOptions(organizationId, query),
    enabled: Boolean(query.customerId),
  });
  const customerName = (query.customerId && page?.items[0]?.customerName) || null;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">{t('enrollments.title')}</h1>
          <p className="text-base-content/70">{t('enrollments.subtitle')}</p>
        </div>
        {permissions.canAny('MANAGE_ENROLLMENTS') && (
          <Link
            to="/app/org/$orgId/enrollments/new"
            params={{ orgId: organizationId }}
            search={query.customerId ? { customerId: query.customerId } : {}}
            className="btn btn-primary"
          >
            {t('enrollments.new')}
          </Link>
        )}
      </header>
      <EnrollmentFilters
        query={query}
        options={options}
        customerName={customerName}
        onChange={onQueryChange}
      />
      <EnrollmentsResults
        organizationId={organizationId}
        query={query}
        onQueryChange={onQueryChange}
        actionsOf={(enrollment) => (
          <EnrollmentRowActions
            organizationId={organizationId}
            enrollment={enrollment}
            canManage={permissions.can('MANAGE_ENROLLMENTS', {
              scope: 'ESTABLISHMENT',
              establishmentId: enrollment.establishmentId,
            })}
          />
        )}
      />
    </div>
  );
}
