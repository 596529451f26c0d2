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
 * Which occurrences: from `from` (domain `sessionsFrom` on save; the day after those already generated for
 * the extension job) up to `through` (domain `sessionsThrough`: the end date, or an open-ended schedule's
 * horizon); with `startingAfter`, only the sessions that start after that instant (an edit never creates
 * history).
 */
export type GenerationRange = { from?: string; through: string; startingAfter?: Date };

/** The session rows of a schedule's occurrences (domain recurrence, instants in the organization's zone). */
export function sessionRows(occurrences: Occurrences, range: GenerationRange): SessionRow[] {
  const { organizationId, scheduleId, schedule, timeZone } = occurrences;
  const { startingAfter, through } = range;
  // No date before today (local) can hold a session still ahead, whatever its time.
  const from = startingAfter ? todayIn(timeZone, startingAfter) : range.from;
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
