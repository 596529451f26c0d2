import type { TFunction } from 'i18next';
import type { ListFilter } from './list-filters.tsx';

export type EstablishmentFilterChoices = {
  establishments: { id: string; name: string }[];
  /** Null when the user may not list staff: the instructor filter is then left out. */
  instructors: { staffUserId: string; name: string }[] | null;
};

/** Where and who teaches: the first filters of the schedules and the attendance lists, in their own words. */
export function establishmentFilters(
  t: TFunction,
  list: 'schedules' | 'attendance',
  { establishments, instructors }: EstablishmentFilterChoices,
): ListFilter<'establishmentId' | 'staffUserId'>[] {
  const establishment: ListFilter<'establishmentId'> = {
    name: 'establishmentId',
    label: t(`${list}.filters.establishment`),
    allLabel: t(`${list}.filters.allEstablishments`),
    options: establishments.map((option) => ({ value: option.id, label: option.name })),
  };
  if (!instructors) return [establishment];
  const instructor: ListFilter<'staffUserId'> = {
    name: 'staffUserId',
    label: t(`${list}.filters.instructor`),
    allLabel: t(`${list}.filters.allInstructors`),
    options: instructors.map((member) => ({ value: member.staffUserId, label: member.name })),
  };
  return [establishment, instructor];
}
