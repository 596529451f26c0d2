import { addDays } from '@reformer/domain/calendar-dates';
import { sessionHorizon } from '@reformer/domain/schedule-recurrence';
import { todayIn } from '@reformer/domain/time-zones';
import type { Database } from '../../db/client.ts';
import { lockTimeZone, toTimeOfDay } from '../../lib/local-time.ts';
import * as repository from './schedules.repository.ts';
import * as jobRepository from './schedules-job.repository.ts';
import { sessionRows } from './session-generation.ts';

/** Sessions per INSERT: a statement's parameters stay far below PostgreSQL's 65,535 after a long downtime. */
const INSERT_BATCH = 2000;

/**
 * The `schedules.extend-sessions` job (decision 040): each open-ended schedule gets its sessions up to its
 * horizon, 12 months after today in its organization's calendar. One transaction per organization, under the
 * locks an edit takes (the organization's zone, then its schedules), so two instances, a restart halfway or
 * an edit at the same moment generate each session once; the insert also skips a date already there.
 */
export async function extendOpenEndedSchedules(db: Database, now: Date) {
  const extended = { schedules: 0, sessions: 0 };
  for (const organizationId of await jobRepository.listOrganizationsBehind(db, now)) {
    const { schedules, sessions } = await extendOrganization(db, organizationId, now);
    extended.schedules += schedules;
    extended.sessions += sessions;
  }
  return extended;
}

/** How many schedules it extended, and the sessions it generated for them (a date already there is skipped). */
async function extendOrganization(db: Database, organizationId: string, now: Date) {
  return db.transaction(async (tx) => {
    const timeZone = await lockTimeZone(tx, organizationId);
    const horizon = sessionHorizon(todayIn(timeZone, now));
    const behind = await jobRepository.lockSchedulesBehind(tx, organizationId, horizon);
    const rows = behind.flatMap((schedule) =>
      sessionRows(
        {
          organizationId,
          scheduleId: schedule.id,
          schedule: {
            ...schedule,
            startTime: toTimeOfDay(schedule.startTime),
            endTime: toTimeOfDay(schedule.endTime),
          },
          timeZone,
        },
        { from: addDays(schedule.sessionsGeneratedThrough, 1), through: horizon },
      ),
    );
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      await repository.insertSessions(tx, rows.slice(start, start + INSERT_BATCH));
    }
    const ids = behind.map((schedule) => schedule.id);
    await jobRepository.setGeneratedThrough(tx, organizationId, ids, horizon);
    return { schedules: behind.length, sessions: rows.length };
  });
}
