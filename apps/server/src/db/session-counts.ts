import { and, eq, gte, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { databaseErrorCode } from '../lib/database-errors.ts';
import type { Database, Transaction } from './client.ts';
import { forgetMarkedDays, tryLockKeptFigures } from './kept-figures.ts';
import { rosterCounts, rosterSeats } from './roster.ts';
import { dashboardMarks, scheduleSessions, sessionCounts } from './schema/index.ts';

/**
 * The calendar's seat and check-in counts kept per session (`session_counts`, decision 018, issue #33): a week
 * reads them instead of counting each session's enrollments and their customers again — most of its PostgreSQL
 * time. The marks say which dates a write may have changed since (migrations 0039 and 0043); a session whose date
 * or scheduled date waits with a mark, or that has no kept row, is counted from scratch in the same statement, so
 * what a read shows does not depend on what was kept. A read that counted some session from scratch then keeps
 * what is missing (`keepSessionCounts`).
 */

type Range = { from: SQLWrapper; to: SQLWrapper };

/** A write marked the surrounding session's date or scheduled date since its kept counts were computed. */
const sessionMarked = sql`exists (select 1 from ${dashboardMarks}
  where ${dashboardMarks.organizationId} = ${scheduleSessions.organizationId}
    and ${dashboardMarks.day} in (${scheduleSessions.date}, ${scheduleSessions.scheduledDate}))`;

/**
 * The surrounding session's kept counts, for a LEFT JOIN: its row under its current date, within the read's
 * dates (so the index is read by range, whatever the plan), and only while no mark waits on the session.
 */
export function keptCountsOf({ from, to }: Range): SQL {
  return and(
    eq(sessionCounts.organizationId, scheduleSessions.organizationId),
    eq(sessionCounts.day, scheduleSessions.date),
    eq(sessionCounts.sessionId, scheduleSessions.id),
    gte(sessionCounts.day, from),
    lte(sessionCounts.day, to),
    sql`not ${sessionMarked}`,
  ) as SQL;
}

const notKept = sql<boolean>`(${sessionCounts.sessionId} is null)`;

/**
 * The counts of a query that LEFT JOINs `session_counts` on `keptCountsOf`: the kept ones, or from scratch
 * (the calendar's rule, db/roster.ts) for a session without them — its attendance is read only then.
 */
export function keptOrCountedRoster(db: Database | Transaction) {
  const roster = rosterCounts(db, notKept);
  return {
    roster,
    columns: {
      rosterCount: sql<number>`(case when ${notKept} then ${rosterSeats(roster)} else ${sessionCounts.rosterCount} end)`,
      checkedInCount: sql<number>`(case when ${notKept} then ${roster.checkedInCount} else ${sessionCounts.checkedInCount} end)`,
      isCountedAfresh: notKept,
    },
  };
}

/** Lock waits the keeping gives up on: 55P03 (lock_timeout) and 40P01 (a deadlock PostgreSQL broke). */
const GAVE_UP_WAITING = new Set(['55P03', '40P01']);

/**
 * Keeps the counts of the organization's sessions between `from` and `to` that have none, in the caller's
 * transaction, under the kept figures' lock (db/kept-figures.ts) — or not at all when another reader or the
 * job holds it: that one is bringing the figures up to date, and this read has its answer already. The waiting
 * marks are consumed first (which forgets what they made stale, the dashboard's figures too), so the counts are
 * computed by a later statement that sees every write they marked; a write committed after that leaves a mark,
 * under which the row is not read.
 *
 * The read must not wait or fail for it: it runs under a savepoint that gives up on any lock it would wait for
 * more than a moment (a concurrent write deleting the sessions, whose cascade wants the rows the marks' trigger
 * just deleted, would otherwise deadlock with it), and sessions another transaction holds are skipped.
 */
export async function keepSessionCounts(db: Database, organizationId: string, from: string, to: string) {
  if (!(await tryLockKeptFigures(db, organizationId))) return;
  const roster = rosterCounts(db);
  const missing = and(
    eq(scheduleSessions.organizationId, organizationId),
    gte(scheduleSessions.date, from),
    lte(scheduleSessions.date, to),
    sql`not exists (select 1 from ${sessionCounts}
      where ${sessionCounts.organizationId} = ${scheduleSessions.organizationId}
        and ${sessionCounts.day} = ${scheduleSessions.date} and ${sessionCounts.sessionId} = ${scheduleSessions.id})`,
    sql`not ${sessionMarked}`,
  );
  try {
    await db.transaction(async (savepoint) => {
      await savepoint.execute(sql`select set_config('lock_timeout', '50ms', true)`);
      await forgetMarkedDays(savepoint, organizationId);
      // Written as SQL: Drizzle's insert … select does not take the lateral subquery's fields. The sessions are
      // locked as the foreign key would lock them, so one a concurrent write deletes is skipped rather than
      // failing the insert on the key once that write commits.
      await savepoint.execute(sql`
        insert into ${sessionCounts}
          (organization_id, day, session_id, scheduled_day, roster_count, checked_in_count)
        select ${scheduleSessions.organizationId}, ${scheduleSessions.date}, ${scheduleSessions.id},
          ${scheduleSessions.scheduledDate}, ${rosterSeats(roster)}, ${roster.checkedInCount}
        from ${scheduleSessions} inner join lateral ${roster} on true
        where ${missing}
        for key share of ${scheduleSessions} skip locked
        on conflict do nothing`);
      await savepoint.execute(sql`select set_config('lock_timeout', '0', true)`);
    });
  } catch (error) {
    const code = databaseErrorCode(error);
    if (!code || !GAVE_UP_WAITING.has(code)) throw error;
  }
}
