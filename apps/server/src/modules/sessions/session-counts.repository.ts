import { and, eq, gte, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { rosterCounts, rosterSeats } from '../../db/roster.ts';
import { dashboardMarks, scheduleSessions, sessionCounts } from '../../db/schema/index.ts';
import { tryLockKeptFigures } from '../dashboard/dashboard-session-days.repository.ts';
import { forgetMarkedDays } from '../dashboard/forget-marked-figures.ts';

/**
 * The calendar's seat and check-in counts kept per session (`session_counts`, decision 018, issue #33): a week
 * read them instead of counting each session's enrollments and their customers again — most of its PostgreSQL
 * time. The dashboard's marks say which dates a write may have changed since (migration 0039); a session whose
 * date waits with a mark, or that has no kept row, is counted from scratch in the same statement, so a read is
 * never stale whether or not anything was kept. A read that counted some session from scratch then keeps what
 * is missing (`keepSessionCounts`).
 */

type Range = { from: SQLWrapper; to: SQLWrapper };

/** A write marked the surrounding session's date since its kept counts, if any, were computed. */
const dateMarked = sql`exists (select 1 from ${dashboardMarks}
  where ${dashboardMarks.organizationId} = ${scheduleSessions.organizationId}
    and ${dashboardMarks.day} = ${scheduleSessions.date})`;

/**
 * The surrounding session's kept counts, for a LEFT JOIN: its row under its current date, within the read's
 * dates (so the index is read by range, whatever the plan), and only while no mark waits on that date.
 */
export function keptCountsOf({ from, to }: Range): SQL {
  return and(
    eq(sessionCounts.organizationId, scheduleSessions.organizationId),
    eq(sessionCounts.day, scheduleSessions.date),
    eq(sessionCounts.sessionId, scheduleSessions.id),
    gte(sessionCounts.day, from),
    lte(sessionCounts.day, to),
    sql`not ${dateMarked}`,
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
      checkedInCount: sql<number>`coalesce(${sessionCounts.checkedInCount}, ${roster.checkedInCount})`,
      countedNow: notKept,
    },
  };
}

/**
 * Keeps the counts of the organization's sessions between `from` and `to` that have none, in the caller's
 * transaction, under the kept figures' lock (forget-marked-figures.ts) — or not at all when another reader or
 * the job holds it: that one is already bringing the figures up to date, and this read has its answer. The
 * waiting marks are consumed first (which forgets what they made stale, the dashboard's figures too), so the
 * counts are computed by a later statement that sees every write they marked; a write committed after that
 * leaves a mark, under which the row is not read.
 */
export async function keepSessionCounts(db: Database, organizationId: string, from: string, to: string) {
  if (!(await tryLockKeptFigures(db, organizationId))) return;
  await forgetMarkedDays(db, organizationId);
  const roster = rosterCounts(db);
  const missing = and(
    eq(scheduleSessions.organizationId, organizationId),
    gte(scheduleSessions.date, from),
    lte(scheduleSessions.date, to),
    sql`not exists (select 1 from ${sessionCounts}
      where ${sessionCounts.organizationId} = ${scheduleSessions.organizationId}
        and ${sessionCounts.day} = ${scheduleSessions.date} and ${sessionCounts.sessionId} = ${scheduleSessions.id})`,
    sql`not ${dateMarked}`,
  );
  // Written as SQL: Drizzle's insert … select does not take the lateral subquery's fields. The sessions are
  // locked as the foreign key would lock them: one a concurrent write deletes is skipped rather than failing
  // the read on the key once that write commits.
  await db.execute(sql`
    insert into ${sessionCounts} (organization_id, day, session_id, roster_count, checked_in_count)
    select ${scheduleSessions.organizationId}, ${scheduleSessions.date}, ${scheduleSessions.id},
      ${rosterSeats(roster)}, ${roster.checkedInCount}
    from ${scheduleSessions} inner join lateral ${roster} on true
    where ${missing}
    for key share of ${scheduleSessions}
    on conflict do nothing`);
}
