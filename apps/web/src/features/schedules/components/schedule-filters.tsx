import { SCHEDULE_STATUSES, SCHEDULE_TYPES, SchedulesSearchParams } from '@reformer/domain/schedules';
import { useTranslation } from 'react-i18next';
import {
  type EstablishmentFilterChoices,
  establishmentFilters,
} from '@/components/form/establishment-filters.ts';
import { type ListFilter, ListFilters } from '@/components/form/list-filters.tsx';

type FilterName = 'establishmentId' | 'staffUserId' | 'type' | 'status';

type ScheduleFiltersProps = EstablishmentFilterChoices & {
  query: SchedulesSearchParams;
  onChange: (next: SchedulesSearchParams) => void;
};

/** Establishment, instructor, type and status; a new choice goes to the URL and back to page 1. */
export function ScheduleFilters({ query, onChange, ...choices }: ScheduleFiltersProps) {
  const { t } = useTranslation();
  const filters: ListFilter<FilterName>[] = [
    ...establishmentFilters(t, 'schedules', choices),
    {
      name: 'type',
      label: t('schedules.filters.type'),
      allLabel: t('schedules.filters.allTypes'),
      options: SCHEDULE_TYPES.map((type) => ({ value: type, label: t(`schedules.types.${type}`) })),
    },
    {
      name: 'status',
      label: t('schedules.filters.status'),
      allLabel: t('schedules.filters.allStatuses'),
      options: SCHEDULE_STATUSES.map((status) => ({
        value: status,
        label: t(`schedules.statuses.${status}`),
      })),
    },
  ];
  return (
    <ListFilters
      legend={t('schedules.filters.label')}
      clearLabel={t('schedules.filters.clear')}
      filters={filters}
      value={query}
      // The URL's own schema types the choices (and would drop one it does not know).
      onChange={(next) => onChange(SchedulesSearchParams.parse({ ...query, ...next, page: 1 }))}
    />
  );
}
