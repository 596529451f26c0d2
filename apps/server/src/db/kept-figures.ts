import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { dashboardDays, dashboardMarks, dashboardSessionDays } from './schema/index.ts';

/**
 * What the kept roster figures share (decision 018, issue #33) — the dashboard's per date and schedule, the
 * calendar's per session: the marks that triggers add for each date a write can change (migrations 0039 and
 * 0043), and one lock per organization under which they are consumed and figures kept.
 */

const keptFiguresLock = (organizationId: string) =>
  sql`hashtextextended(${`dashboard-refresh:${organizationId}`}, 0)`;

/**
 * Held until the transaction ends by whatever consumes marks or keeps figures of the organization. One lock
 * for the session figures and the money (it is re-entrant in a transaction): a dashboard read refreshes both
 * on one connection in whichever order its statements come, and two locks taken in opposite orders by two reads
 * would deadlock.
 */
export async function lockKeptFigures(db: Database, organizationId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(${keptFiguresLock(organizationId)})`);
}

/** The same lock if it is free now (the calendar's keeping, which has its answer already): whether it was. */
export async function tryLockKeptFigures(db: Database, organizationId: string): Promise<boolean> {
  const result = await db.execute(
    sql`select pg_try_advisory_xact_lock(${keptFiguresLock(organizationId)}) as locked`,
  );
  return (result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked === true;
}

/**
 * Consumes the organization's marks of dates and forgets the figures kept for those dates: the dashboard's
 * (here) and the calendar's session counts (by migration 0043's trigger on the marks' deletion). The caller
 * holds the kept figures' lock.
 */
export async function forgetMarkedDays(db: Database, organizationId: string) {
  await db.execute(sql`
    with consumed as (
      delete from ${dashboardMarks} where ${dashboardMarks.organizationId} = ${organizationId} returning day
    ),
    unrecorded as (
      delete from ${dashboardDays}
      where ${dashboardDays.organizationId} = ${organizationId}
        and ${dashboardDays.day} in (select day from consumed)
    )
    delete from ${dashboardSessionDays}
    where ${dashboardSessionDays.organizationId} = ${organizationId}
      and ${dashboardSessionDays.day} in (select day from consumed)`);
}
