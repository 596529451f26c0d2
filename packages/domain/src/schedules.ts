import { tz } from '@date-fns/tz';
import { addYears, format, parseISO } from 'date-fns';
import { z } from 'zod';
import { addDays } from './calendar-dates.ts';
import { isCalendarDate } from './customers.ts';
import { pageQueryFields, pageSearchFields } from './paging.ts';
import { scheduleOccurrenceDates } from './schedule-recurrence.ts';
import { isTimeOfDay, LocalDate, TimeOfDay } from './time-zones.ts';
import { V } from './validation.ts';

export const SCHEDULE_TYPES = ['GROUP', 'INDIVIDUAL'] as const;
export const ScheduleType = z.enum(SCHEDULE_TYPES, V.required);
export type ScheduleType = z.infer<typeof ScheduleType>;

export const RECURRENCE_TYPES = ['SINGLE', 'WEEKLY', 'MONTHLY'] as const;
export const RecurrenceType = z.enum(RECURRENCE_TYPES, V.required);
export type RecurrenceType = z.infer<typeof RecurrenceType>;

/**
 * 0 = Sunday … 6 = Saturday: the numbering of JavaScript's getDay(), date-fns and PostgreSQL's
 * EXTRACT(DOW), so no layer has to translate. Screens take the day names from Intl (`dayOfWeekName`).
 */
export const DAYS_OF_WEEK = [0, 1, 2, 3, 4, 5, 6] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];
export const DayOfWeek = z
  .number(V.format)
  .int(V.format)
  .min(0, V.format)
  .max(6, V.format)
  .transform((day) => day as DayOfWeek);

/** A studio room holds a handful of reformers; 100 leaves room for a mat class without inviting typos. */
export const SCHEDULE_CAPACITY = { min: 1, max: 100 } as const;

/**
 * Sessions are rows generated when the schedule is saved, so a recurring range with an end date is at most
 * 2 years (≈ 730 rows for a class every day). A class that goes on has no end date instead: its sessions
 * are kept generated up to a rolling horizon (schedule-recurrence `sessionHorizon`, decision 040).
 */
export const MAX_RECURRENCE_YEARS = 2;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, V.max)
    .nullish()
    .transform((value) => value || null);

/** The schedule form and the create/update body (spec §3, §5). */
export const ScheduleInput = z
  .object({
    name: z.string(V.scheduleNameRequired).trim().min(1, V.scheduleNameRequired).max(120, V.max),
    description: optionalText(1000),
    type: ScheduleType,
    // Lower case, as PostgreSQL prints uuids (see staff.ts).
    establishmentId: z.uuid(V.required).transform((id) => id.toLowerCase()),
    /** The instructor, by the staff member's user id (`StaffMember.staffUserId`). */
    staffUserId: z.string(V.required).trim().min(1, V.required).max(100, V.max),
    capacity: z
      .number(V.capacity)
      .int(V.capacity)
      .min(SCHEDULE_CAPACITY.min, V.capacity)
      .max(SCHEDULE_CAPACITY.max, V.capacity)
      .nullish()
      .transform((value) => value ?? null),
    startTime: TimeOfDay,
    endTime: TimeOfDay,
    startDate: LocalDate,
    // An empty date field arrives as '': absent, not invalid; checked below only where it matters.
    endDate: z
      .string(V.date)
      .nullish()
      .transform((value) => value || null),
    recurrenceType: RecurrenceType,
    daysOfWeek: z.array(DayOfWeek).max(7).default([]),
    notes: optionalText(2000),
    isActive: z.boolean().default(true),
  })
  .superRefine((schedule, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    // Zod runs this even when a field failed its format check: compare only what parsed.
    const hasTimes = isTimeOfDay(schedule.startTime) && isTimeOfDay(schedule.endTime);
    // Same-day sessions only: a class crossing midnight is not a studio's case, and "HH:mm" compares as text.
    if (hasTimes && schedule.endTime <= schedule.startTime) issue('endTime', V.endTimeAfterStart);
    if (schedule.type === 'GROUP' && schedule.capacity === null) issue('capacity', V.capacityRequired);
    if (schedule.recurrenceType === 'SINGLE' || !isCalendarDate(schedule.startDate)) return;
    // No end date: the class runs until ended (issue #26 §1).
    if (schedule.endDate) {
      if (!isCalendarDate(schedule.endDate)) return issue('endDate', V.date);
      if (schedule.endDate <= schedule.startDate) return issue('endDate', V.endDateAfterStart);
      if (schedule.endDate > latestEndDate(schedule.startDate)) return issue('endDate', V.recurrenceTooLong);
    }
    if (schedule.recurrenceType !== 'WEEKLY') return;
    if (schedule.daysOfWeek.length === 0) return issue('daysOfWeek', V.daysOfWeekRequired);
    // Mondays from a Tuesday to the next Sunday: a schedule that would create no session is a mistake. One
    // with no end meets each of its days in its first week.
    const hasDays = schedule.daysOfWeek.every((day) => DAYS_OF_WEEK.includes(day));
    if (!hasDays || !schedule.endDate) return;
    if (scheduleOccurrenceDates(schedule).length === 0) issue('daysOfWeek', V.noOccurrences);
  })
  .transform((schedule) => ({
    ...schedule,
    // Never null for a group here: the refinement above requires it. An individual schedule holds one.
    capacity: schedule.type === 'INDIVIDUAL' ? 1 : (schedule.capacity ?? SCHEDULE_CAPACITY.min),
    endDate: schedule.recurrenceType === 'SINGLE' ? null : schedule.endDate,
    daysOfWeek:
      schedule.recurrenceType === 'WEEKLY' ? [...new Set(schedule.daysOfWeek)].sort((a, b) => a - b) : [],
  }));
export type ScheduleInput = z.input<typeof ScheduleInput>;
export type ScheduleValues = z.output<typeof ScheduleInput>;

/** The last end date a recurring schedule starting on `startDate` may have (29 Feb + 2 years → 28 Feb). */
export function latestEndDate(startDate: string): string {
  const calendar = { in: tz('UTC') };
  return format(
    addYears(parseISO(startDate, calendar), MAX_RECURRENCE_YEARS, calendar),
    'yyyy-MM-dd',
    calendar,
  );
}

/**
 * Staff are told this many days ahead that a schedule ends and its enrollments that renew by themselves end
 * with it (issue #26 §1): a month's notice, one monthly cycle, to offer the customers another class.
 */
export const SCHEDULE_ENDING_NOTICE_DAYS = 30;

/** The end dates staff are told about on `today`: today to 30 days ahead, both included. */
export function endingNoticeWindow(today: string): { from: string; to: string } {
  return { from: today, to: addDays(today, SCHEDULE_ENDING_NOTICE_DAYS) };
}

/** GET /schedules/ending: every schedule ending soon, or the one a schedule's page asks about. */
export const EndingSchedulesQuery = z.object({
  scheduleId: z
    .uuid()
    .transform((id) => id.toLowerCase())
    .optional(),
});
export type EndingSchedulesQuery = z.infer<typeof EndingSchedulesQuery>;

/** A schedule ending within the notice, and how many enrollments that would renew end with it. */
export const EndingSchedule = z.object({
  scheduleId: z.string(),
  name: z.string(),
  establishmentId: z.string(),
  establishmentName: z.string(),
  endDate: z.string(),
  renewingEnrollments: z.number().int(),
});
export type EndingSchedule = z.infer<typeof EndingSchedule>;

/** Soonest end first; only schedules with at least one such enrollment. */
export const EndingSchedules = z.object({ from: z.string(), to: z.string(), items: z.array(EndingSchedule) });
export type EndingSchedules = z.infer<typeof EndingSchedules>;

/** Activate or deactivate; deactivating also makes the schedule's future sessions inactive. */
export const SetScheduleActiveInput = z.object({ isActive: z.boolean() });
export type SetScheduleActiveInput = z.infer<typeof SetScheduleActiveInput>;

/** A schedule as the API returns it, with the names the list shows. */
export const Schedule = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: ScheduleType,
  establishmentId: z.string(),
  establishmentName: z.string(),
  staffUserId: z.string(),
  /** Null when the staff member has no name on file; screens fall back to 'Unknown'. */
  staffName: z.string().nullable(),
  capacity: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  recurrenceType: RecurrenceType,
  daysOfWeek: z.array(z.number().int()),
  notes: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Schedule = z.infer<typeof Schedule>;

export const SCHEDULE_STATUSES = ['active', 'inactive'] as const;

const scheduleFilters = {
  establishmentId: z.uuid().transform((id) => id.toLowerCase()),
  staffUserId: z.string().trim().min(1).max(100),
  type: ScheduleType,
  status: z.enum(SCHEDULE_STATUSES),
};

/** GET /schedules: paging as the customer list; an unknown filter value is a 400. */
export const ScheduleListQuery = z.object({
  ...pageQueryFields,
  establishmentId: scheduleFilters.establishmentId.optional(),
  staffUserId: scheduleFilters.staffUserId.optional(),
  type: scheduleFilters.type.optional(),
  status: scheduleFilters.status.optional(),
});
export type ScheduleListQuery = z.infer<typeof ScheduleListQuery>;

/** The schedules page's URL: a hand-edited bad value falls back (page 1, limit 10, no filter). */
export const SchedulesSearchParams = z.object({
  ...pageSearchFields,
  establishmentId: scheduleFilters.establishmentId.optional().catch(undefined),
  staffUserId: scheduleFilters.staffUserId.optional().catch(undefined),
  type: scheduleFilters.type.optional().catch(undefined),
  status: scheduleFilters.status.optional().catch(undefined),
});
export type SchedulesSearchParams = z.infer<typeof SchedulesSearchParams>;

export const ScheduleList = z.object({
  items: z.array(Schedule),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ScheduleList = z.infer<typeof ScheduleList>;

/** A day's name in the reader's language ("Mon", "segunda-feira") from Intl, not from the catalogs. */
export function dayOfWeekName(day: DayOfWeek, locale: string, width: 'short' | 'long' = 'short'): string {
  // 2023-01-01 was a Sunday, so day N of that week has getDay() === N.
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2023, 0, 1 + day)),
  );
}
