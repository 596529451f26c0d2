import { addDays } from '@reformer/domain/calendar-dates';
import { type ScheduleRecurrence, scheduleOccurrenceDates } from '@reformer/domain/schedule-recurrence';
import type { ScheduleValues } from '@reformer/domain/schedules';
import { sessionInterval, todayIn } from '@reformer/domain/time-zones';
import { v7 as uuidv7 } from 'uuid';
import type { SessionRow } from './schedules.repository.ts';

/** What generation reads of a schedule: a saved body, or a stored row's columns. */
export type GeneratedSchedule = ScheduleRecurrence &
  Pick<ScheduleValues, 'startTime' | 'endTime' | 'isActive'>;

type Occurrences = {
  organizationId: string;
  scheduleId: string;
  schedule: GeneratedSchedule;
  timeZone: string;
};

/**
 * Which occurrences: up to `through` (domain `sessionsThrough`: the end date, or an open-ended schedule's
 * horizon); with `startingAfter`, only the sessions that start after that instant (an edit never creates
 * history); with `after`, only the dates after the ones already generated (the extension job).
 */
export type GenerationRange = { through: string; startingAfter?: Date; after?: string };

/** The session rows of a schedule's occurrences (domain recurrence, instants in the organization's zone). */
export function sessionRows(occurrences: Occurrences, range: GenerationRange): SessionRow[] {
  const { organizationId, scheduleId, schedule, timeZone } = occurrences;
  const { startingAfter, after, through } = range;
  // No date before today (local) can hold a session still ahead, whatever its time.
  const from = startingAfter ? todayIn(timeZone, startingAfter) : after ? addDays(after, 1) : undefined;
  return scheduleOccurrenceDates(schedule, { from, to: through }).flatMap((date) => {
    const interval = sessionInterval(date, schedule.startTime, schedule.endTime, timeZone);
    const startsAt = new Date(interval.startsAt);
    if (startingAfter && startsAt <= startingAfter) return [];
    const slot = { date, startTime: schedule.startTime, endTime: schedule.endTime };
    return [
      {
        organizationId,
        id: uuidv7(),
        scheduleId,
        scheduledDate: date,
        scheduledStartTime: slot.startTime,
        scheduledEndTime: slot.endTime,
        ...slot,
        startsAt,
        endsAt: new Date(interval.endsAt),
        isActive: schedule.isActive,
      },
    ];
  });
}
