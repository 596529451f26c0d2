import {
  type RecurrenceType,
  type Schedule,
  ScheduleInput,
  type ScheduleType,
  type ScheduleValues,
} from '@reformer/domain/schedules';
import { V } from '@reformer/domain/validation';
import type { Resolver, ResolverOptions } from 'react-hook-form';
import { domainResolver } from '@/lib/forms.ts';

/** What the inputs hold: text everywhere, the checked days as the checkboxes' string values. */
export type ScheduleFormValues = {
  name: string;
  description: string;
  type: ScheduleType;
  establishmentId: string;
  staffUserId: string;
  capacity: string;
  startTime: string;
  endTime: string;
  startDate: string;
  endDate: string;
  /** "No end date": a recurring schedule that runs until ended (issue #26 §1). */
  isOpenEnded: boolean;
  recurrenceType: RecurrenceType;
  daysOfWeek: string[];
  notes: string;
  isActive: boolean;
};

/** The fields a server VALIDATION_FAILED answer can point at. */
export const SCHEDULE_FORM_FIELDS = [
  'name',
  'description',
  'type',
  'establishmentId',
  'staffUserId',
  'capacity',
  'startTime',
  'endTime',
  'startDate',
  'endDate',
  'recurrenceType',
  'daysOfWeek',
  'notes',
  'isActive',
] as const satisfies readonly (keyof ScheduleFormValues)[];

/** A new weekly group class starting today (in the organization's zone). */
export function emptyScheduleForm(today: string): ScheduleFormValues {
  return {
    name: '',
    description: '',
    type: 'GROUP',
    establishmentId: '',
    staffUserId: '',
    capacity: '',
    startTime: '',
    endTime: '',
    startDate: today,
    endDate: '',
    isOpenEnded: false,
    recurrenceType: 'WEEKLY',
    daysOfWeek: [],
    notes: '',
    isActive: true,
  };
}

export function scheduleToForm(schedule: Schedule): ScheduleFormValues {
  return {
    name: schedule.name,
    description: schedule.description ?? '',
    type: schedule.type,
    establishmentId: schedule.establishmentId,
    staffUserId: schedule.staffUserId,
    capacity: String(schedule.capacity),
    startTime: schedule.startTime.slice(0, 5),
    endTime: schedule.endTime.slice(0, 5),
    startDate: schedule.startDate,
    endDate: schedule.endDate ?? '',
    isOpenEnded: schedule.recurrenceType !== 'SINGLE' && schedule.endDate === null,
    recurrenceType: schedule.recurrenceType,
    daysOfWeek: schedule.daysOfWeek.map(String),
    notes: schedule.notes ?? '',
    isActive: schedule.isActive,
  };
}

/**
 * Empty texts mean "not given"; an individual schedule's capacity is the domain's to set (1); "No end date"
 * sends none whatever the hidden end-date input still holds.
 */
export function toScheduleInput({ isOpenEnded, ...values }: ScheduleFormValues): ScheduleInput {
  const capacity = values.capacity.trim();
  return {
    ...values,
    capacity: values.type === 'INDIVIDUAL' || capacity === '' ? null : Number(capacity),
    endDate: isOpenEnded ? null : values.endDate || null,
    daysOfWeek: values.daysOfWeek.map(Number),
  };
}

const domain = domainResolver(ScheduleInput);

/**
 * The shared ScheduleInput schema validates the form, with the spec's messages (spec §5). The API takes a
 * recurring schedule with no end date as one that runs until ended; the form asks for a date or "No end
 * date" instead, so a forgotten date never makes a class that never ends.
 */
export const scheduleFormResolver: Resolver<ScheduleFormValues, unknown, ScheduleValues> = async (
  values,
  context,
  options,
) => {
  const result = await domain(
    toScheduleInput(values),
    context,
    options as unknown as ResolverOptions<ScheduleInput>,
  );
  const lacksEnd = values.recurrenceType !== 'SINGLE' && !values.isOpenEnded && values.endDate === '';
  if (!lacksEnd) return result;
  const endDate = { type: 'required', message: V.endDateRequired };
  return { values: {}, errors: { ...result.errors, endDate } };
};
