import { AttendanceSearchParams, AVAILABILITIES } from '@reformer/domain/sessions';
import { useTranslation } from 'react-i18next';
import {
  type EstablishmentFilterChoices,
  establishmentFilters,
} from '@/components/form/establishment-filters.ts';
import { FiltersDisclosure } from '@/components/form/filters-disclosure.tsx';
import { type ListFilter, ListFilters } from '@/components/form/list-filters.tsx';

export type SessionFilterChoices = EstablishmentFilterChoices & { schedules: { id: string; name: string }[] };

type FilterName = 'establishmentId' | 'staffUserId' | 'scheduleId' | 'availability';

type AttendanceFiltersProps = SessionFilterChoices & {
  search: AttendanceSearchParams;
  onChange: (next: AttendanceSearchParams) => void;
};

/** Establishment, instructor, schedule and availability, kept in the URL; folded on a phone. */
export function AttendanceFilters({ search, onChange, schedules, ...choices }: AttendanceFiltersProps) {
  const { t } = useTranslation();
  const filters: ListFilter<FilterName>[] = [
    ...establishmentFilters(t, 'attendance', choices),
    {
      name: 'scheduleId',
      label: t('attendance.filters.schedule'),
      allLabel: t('attendance.filters.allSchedules'),
      options: schedules.map((schedule) => ({ value: schedule.id, label: schedule.name })),
    },
    {
      name: 'availability',
      label: t('attendance.filters.availability'),
      allLabel: t('attendance.filters.allAvailabilities'),
      options: AVAILABILITIES.map((availability) => ({
        value: availability,
        label: t(`attendance.availability.${availability}`),
      })),
    },
  ];
  return (
    <FiltersDisclosure activeCount={filters.filter((filter) => search[filter.name] !== undefined).length}>
      <ListFilters
        legend={t('attendance.filters.label')}
        clearLabel={t('attendance.filters.clear')}
        filters={filters}
        value={search}
        onChange={(next) => onChange(AttendanceSearchParams.parse({ ...search, ...next }))}
      />
    </FiltersDisclosure>
  );
}
