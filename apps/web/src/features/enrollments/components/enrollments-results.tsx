import type { Enrollment, EnrollmentsSearchParams } from '@reformer/domain/enrollments';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination, usePageClamp } from '@/components/ui/pagination.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { describeError } from '@/lib/error-messages.ts';
import { enrollmentsQueryOptions } from '../api/get-enrollments.ts';
import { EnrollmentsList } from './enrollments-list.tsx';

export type EnrollmentsQueryChange = (
  next: Partial<EnrollmentsSearchParams>,
  options?: { replace?: boolean },
) => void;

type EnrollmentsResultsProps = {
  organizationId: string;
  query: EnrollmentsSearchParams;
  onQueryChange: EnrollmentsQueryChange;
  actionsOf: (enrollment: Enrollment) => ReactNode;
};

/**
 * The page of enrollments for the URL's query. A page past the last one (an enrollment deleted, a filter
 * narrowed, an old link) moves to the last page; the previous results stay, dimmed, while the next load.
 */
export function EnrollmentsResults({
  organizationId,
  query,
  onQueryChange,
  actionsOf,
}: EnrollmentsResultsProps) {
  const { t } = useTranslation();
  const enrollments = useQuery({
    ...enrollmentsQueryOptions(organizationId, query),
    placeholderData: keepPreviousData,
  });
  const toPage = useCallback((page: number) => onQueryChange({ page }, { replace: true }), [onQueryChange]);
  const isPastLastPage = usePageClamp({
    page: query.page,
    limit: query.limit,
    total: enrollments.isPlaceholderData ? undefined : enrollments.data?.total,
    onClamp: toPage,
  });

  if (enrollments.isPending || isPastLastPage) {
    return (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  }
  if (enrollments.isError) {
    return (
      <div role="alert" className="alert alert-error flex flex-wrap justify-between">
        <span>{describeError(enrollments.error)}</span>
        <button type="button" className="btn btn-sm" onClick={() => enrollments.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }

  const { data } = enrollments;
  if (data.total === 0) {
    const isFiltered = Boolean(
      query.status || query.establishmentId || query.scheduleId || query.planId || query.customerId,
    );
    return (
      <div className="rounded-box border border-dashed border-base-300 p-10 text-center">
        <p className="text-lg font-semibold">
          {isFiltered ? t('enrollments.noMatchesTitle') : t('enrollments.emptyTitle')}
        </p>
        <p className="text-base-content/70">
          {isFiltered ? t('enrollments.noMatchesBody') : t('enrollments.emptyBody')}
        </p>
      </div>
    );
  }

  return (
    <div
      className={`flex flex-col gap-4 transition-opacity ${enrollments.isPlaceholderData ? 'opacity-60' : ''}`}
      aria-busy={enrollments.isPlaceholderData}
    >
      <EnrollmentsList enrollments={data.items} actionsOf={actionsOf} />
      <Pagination
        list="enrollments"
        page={query.page}
        limit={query.limit}
        total={data.total}
        onChange={onQueryChange}
      />
    </div>
  );
}
