import type { Schedule, SchedulesSearchParams } from '@reformer/domain/schedules';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination, usePageClamp } from '@/components/ui/pagination.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { describeError } from '@/lib/error-messages.ts';
import { schedulesQueryOptions } from '../api/get-schedules.ts';
import { SchedulesList } from './schedules-list.tsx';

export type SchedulesQueryChange = (
  next: Partial<SchedulesSearchParams>,
  options?: { replace?: boolean },
) => void;

type SchedulesResultsProps = {
  organizationId: string;
  query: SchedulesSearchParams;
  onQueryChange: SchedulesQueryChange;
  actionsOf: (schedule: Schedule) => ReactNode;
};

/**
 * The page of schedules for the URL's query. A page past the last one (a schedule deleted, a filter
 * narrowed, an old link) moves to the last page; the previous results stay, dimmed, while the next load.
 */
export function SchedulesResults({ organizationId, query, onQueryChange, actionsOf }: SchedulesResultsProps) {
  const { t } = useTranslation();
  const schedules = useQuery({
    ...schedulesQueryOptions(organizationId, query),
    placeholderData: keepPreviousData,
  });
  const toPage = useCallback((page: number) => onQueryChange({ page }, { replace: true }), [onQueryChange]);
  const isPastLastPage = usePageClamp({
    page: query.page,
    limit: query.limit,
    total: schedules.isPlaceholderData ? undefined : schedules.data?.total,
    onClamp: toPage,
  });

  if (schedules.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  }
  if (schedules.isError) {
    return (
      <div role="alert" className="alert alert-error flex flex-wrap justify-between">
        <span>{describeError(schedules.error)}</span>
        <button type="button" className="btn btn-sm" onClick={() => schedules.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }

  const { data } = schedules;
  if (data.total === 0) {
    const isFiltered = Boolean(query.establishmentId || query.staffUserId || query.type || query.status);
    return (
      <div className="rounded-box border border-dashed border-base-300 p-10 text-center">
        <p className="text-lg font-semibold">
          {isFiltered ? t('schedules.noMatchesTitle') : t('schedules.emptyTitle')}
        </p>
        <p className="text-base-content/70">
          {isFiltered ? t('schedules.noMatchesBody') : t('schedules.emptyBody')}
        </p>
      </div>
    );
  }

  return (
    <div
      className={`flex flex-col gap-4 transition-opacity ${schedules.isPlaceholderData ? 'opacity-60' : ''}`}
      aria-busy={schedules.isPlaceholderData || isPastLastPage}
    >
      <SchedulesList schedules={data.items} actionsOf={actionsOf} />
      <Pagination
        list="schedules"
        page={query.page}
        limit={query.limit}
        total={data.total}
        onChange={onQueryChange}
      />
    </div>
  );
}
