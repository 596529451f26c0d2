import {
  ENROLLMENT_STATUSES,
  type EnrollmentOptions,
  EnrollmentsSearchParams,
} from '@reformer/domain/enrollments';
import { useTranslation } from 'react-i18next';
import { type ListFilter, ListFilters } from '@/components/form/list-filters.tsx';

type FilterName = 'status' | 'establishmentId' | 'scheduleId' | 'planId';

type EnrollmentFiltersProps = {
  query: EnrollmentsSearchParams;
  options: EnrollmentOptions;
  /** The customer the list is narrowed to (a link from their details), by name when the page shows it. */
  customerName: string | null;
  onChange: (next: EnrollmentsSearchParams) => void;
};

/** Status, establishment, schedule and plan; a new choice goes to the URL and back to page 1. */
export function EnrollmentFilters({ query, options, customerName, onChange }: EnrollmentFiltersProps) {
  const { t } = useTranslation();
  const change = (next: Partial<Record<FilterName | 'customerId', string | undefined>>) => {
    const merged: Record<string, unknown> = { ...query, ...next, page: 1 };
    // A schedule of another establishment than the one just chosen would leave the list empty.
    const schedule = options.schedules.find((candidate) => candidate.scheduleId === merged.scheduleId);
    if (merged.establishmentId && schedule && schedule.establishmentId !== merged.establishmentId) {
      merged.scheduleId = undefined;
    }
    // The URL's own schema types the choices (and would drop one it does not know).
    onChange(EnrollmentsSearchParams.parse(merged));
  };
  const establishments = new Map(
    options.schedules.map((schedule) => [schedule.establishmentId, schedule.establishmentName]),
  );
  const schedules = options.schedules.filter(
    (schedule) => !query.establishmentId || schedule.establishmentId === query.establishmentId,
  );
  const filters: ListFilter<FilterName>[] = [
    {
      name: 'status',
      label: t('enrollments.filters.status'),
      allLabel: t('enrollments.filters.allStatuses'),
      options: ENROLLMENT_STATUSES.map((status) => ({
        value: status,
        label: t(`enrollments.statuses.${status}`),
      })),
    },
    {
      name: 'establishmentId',
      label: t('enrollments.filters.establishment'),
      allLabel: t('enrollments.filters.allEstablishments'),
      options: [...establishments].map(([value, label]) => ({ value, label })),
    },
    {
      name: 'scheduleId',
      label: t('enrollments.filters.schedule'),
      allLabel: t('enrollments.filters.allSchedules'),
      options: schedules.map((schedule) => ({ value: schedule.scheduleId, label: schedule.name })),
    },
    {
      name: 'planId',
      label: t('enrollments.filters.plan'),
      allLabel: t('enrollments.filters.allPlans'),
      options: options.plans.map((plan) => ({ value: plan.id, label: plan.name })),
    },
  ];
  return (
    <div className="flex flex-col gap-2">
      <ListFilters
        legend={t('enrollments.filters.label')}
        clearLabel={t('enrollments.filters.clear')}
        filters={filters}
        value={query}
        onChange={change}
      />
      {query.customerId && (
        <p>
          <button
            type="button"
            className="badge badge-outline gap-1 py-3"
            aria-label={t('enrollments.filters.removeCustomer')}
            onClick={() => change({ customerId: undefined })}
          >
            {t('enrollments.filters.customer', {
              name: customerName ?? t('enrollments.filters.someCustomer'),
            })}
            <span aria-hidden="true">×</span>
          </button>
        </p>
      )}
    </div>
  );
}
