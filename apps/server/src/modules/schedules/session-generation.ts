import { scheduleOccurrenceDates } from '@reformer/domain/schedule-recurrence';
import type { ScheduleValues } from '@reformer/domain/schedules';
import { sessionInterval, todayIn } from '@reformer/domain/time-zones';
import { v7 as uuidv7 } from 'uuid';
import type { SessionRow } from './schedules.repository.ts';

type Occurrences = {
  organizationId: string;
  scheduleId: string;
  schedule: ScheduleValues;
  timeZone: string;
};

/**
 * The session rows of a schedule's occurrences (domain recurrence, instants in the organization's zone).
 * With `startingAfter`, only the sessions that start after that instant: an edit never creates history.
 */
export function sessionRows(occurrences: Occurrences, startingAfter?: Date): SessionRow[] {
  const { organizationId, scheduleId, schedule, timeZone } = occurrences;
  // No date before today (local) can hold a session still ahead, whatever its time.
  const window = startingAfter ? { from: todayIn(timeZone, startingAfter) } : {};
  return scheduleOccurrenceDates(schedule, window).flatMap((date) => {
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
