import type { Period } from '@reformer/domain/dashboard';
import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { lockKeptFigures } from '../../db/kept-figures.ts';
import { placeholder, preparedStatement } from '../../db/prepared.ts';
import { checkIns, seatsTaken } from '../../db/roster.ts';
import {
  dashboardDays,
  dashboardMarks,
  dashboardSessionDays,
  scheduleSessions,
  schedules,
} from '../../db/schema/index.ts';
import { establishmentList, inEstablishments } from './dashboard.repository.ts';

/**
 * The attendance and occupancy figures of the dashboard (decision 020), kept per local date and schedule in
 * `dashboard_session_days` (decision 018, issue #33). Triggers mark each date a write can change
 * (migration 0039); the read recomputes the marked dates, and those of the period never computed, with the
 * from-scratch SQL below restricted to them, then sums the kept rows. The from-scratch sum over a period stays
 * as the oracle the property test holds the kept figures to.
 */

/** null = every establishment. */
type EstablishmentIds = string[] | null;

export type ScheduleFigures = {
  scheduleId: string;
  scheduleName: string;
  sessions: number;
  seatsTaken: number;
  seats: number;
  checkedIn: number;
};

/**
 * From scratch: per local date and schedule, the active sessions held, their seats taken (db/roster.ts, the
 * calendar's rule) and check-ins, over the dates `days` selects — as a subquery (day, schedule_id, sessions,
 * seats_taken, checked_in).
 */
function heldSessionFigures(db: Database, organizationId: string, days: SQL) {
  const held = db
    .select({
      day: sql<string>`${scheduleSessions.date}`.as('day'),
      scheduleId: sql<string>`${scheduleSessions.scheduleId}`.as('schedule_id'),
      seatsTaken: seatsTaken().as('seats_taken'),
      checkedIn: checkIns.as('checked_in'),
    })
    .from(scheduleSessions)
    .where(
      and(eq(scheduleSessions.organizationId, organizationId), eq(scheduleSessions.isActive, true), days),
    )
    .as('held');
  return sql`(select ${held.day} as day, ${held.scheduleId} as schedule_id, count(*)::int as sessions,
    sum(${held.seatsTaken})::int as seats_taken, sum(${held.checkedIn})::int as checked_in
    from ${held} group by 1, 2)`;
}

/** A value written into the SQL: a parameter, or a prepared statement's placeholder. */
type Value = string | Placeholder | SQL;

/**
 * Per schedule (of the given establishments) over the period: sessions held, seats taken, seats offered (the
 * schedule's capacity each time), check-ins, summed from per-date rows (kept or computed) — as a statement.
 * The establishments arrive as a `uuid[]` value (`establishmentList`), null for every one.
 */
function bySchedule(organizationId: Value, figures: SQL, establishmentIds: SQL) {
  return sql`
    select ${schedules.id} as "scheduleId", ${schedules.name} as "scheduleName",
      sum(figures.sessions)::int as sessions, sum(figures.seats_taken)::int as "seatsTaken",
      sum(figures.sessions * ${schedules.capacity})::int as seats, sum(figures.checked_in)::int as "checkedIn"
    from ${figures} as figures
    join ${schedules} on ${schedules.organizationId} = ${organizationId} and ${schedules.id} = figures.schedule_id
    where ${inEstablishments(schedules.establishmentId, establishmentIds)}
    group by ${schedules.id}, ${schedules.name}`;
}

const bySchedulesName = sql`order by "scheduleName", "scheduleId"`;

async function sumBySchedule(
  db: Database,
  organizationId: string,
  figures: SQL,
  establishmentIds: EstablishmentIds,
): Promise<ScheduleFigures[]> {
  const result = await db.execute(
    sql`${bySchedule(organizationId, figures, establishmentList(establishmentIds))} ${bySchedulesName}`,
  );
  return (result as unknown as { rows: ScheduleFigures[] }).rows;
}

const withinPeriod = (period: Period) =>
  sql`${scheduleSessions.date} between ${period.from} and ${period.to}`;

/** The oracle: every figure computed from the sessions, attendance and enrollments. */
export function sumSessionsBySchedule(
  db: Database,
  organizationId: string,
  period: Period,
  establishmentIds: EstablishmentIds,
) {
  return sumBySchedule(
    db,
    organizationId,
    heldSessionFigures(db, organizationId, withinPeriod(period)),
    establishmentIds,
  );
}

/** The kept per-date rows of the period, as `heldSessionFigures`' subquery. */
function keptSessionDays(organizationId: Value, period: { from: Value; to: Value }) {
  return sql`(select ${dashboardSessionDays.day} as day, ${dashboardSessionDays.scheduleId} as schedule_id,
    ${dashboardSessionDays.sessions} as sessions, ${dashboardSessionDays.seatsTaken} as seats_taken,
    ${dashboardSessionDays.checkedIn} as checked_in
    from ${dashboardSessionDays}
    where ${dashboardSessionDays.organizationId} = ${organizationId}
      and ${dashboardSessionDays.day} between ${period.from} and ${period.to})`;
}

/**
 * The kept sums with the staleness probe, one statement (a round trip fewer, decision 018), built once and
 * sent as a named prepared statement: it runs on every call of the dashboard, and parsing and planning it
 * cost more than running it (db/prepared.ts).
 */
function preparedKeptSums(db: Database) {
  return preparedStatement(db, 'dashboard_kept_sessions', (name) => {
    const organizationId = sql.placeholder('organizationId');
    const period = { from: placeholder('from', 'date'), to: placeholder('to', 'date') };
    const establishmentIds = placeholder('establishmentIds', 'uuid[]');
    return db
      .select({
        stale: sql<boolean>`${staleness(organizationId, period)}`,
        sums: sql<ScheduleFigures[]>`coalesce((select json_agg(sums ${bySchedulesName})
          from (${bySchedule(organizationId, keptSessionDays(organizationId, period), establishmentIds)}) as sums), '[]')`,
      })
      .from(sql`(select 1) as one`)
      .prepare(name);
  });
}

/**
 * The kept figures, after the stale dates of the period are recomputed (`refreshSessionDays`). One statement
 * when nothing is stale, the dashboard's usual case; only a stale answer refreshes and sums again.
 */
export async function sumKeptSessionsBySchedule(
  db: Database,
  organizationId: string,
  period: Period,
  establishmentIds: EstablishmentIds,
) {
  const [first] = await preparedKeptSums(db).execute({
    organizationId,
    from: period.from,
    to: period.to,
    establishmentIds,
  });
  if (first && !first.stale) return first.sums;
  await refreshSessionDays(db, organizationId, period);
  return sumBySchedule(db, organizationId, keptSessionDays(organizationId, period), establishmentIds);
}

/** Whether some date of the period lacks its figures, or a write marked some date since the last refresh. */
function staleness(organizationId: Value, period: { from: Value; to: Value }): SQL {
  return sql`(exists (select 1 from ${dashboardMarks} where ${dashboardMarks.organizationId} = ${organizationId})
    or exists (select 1 from generate_series(${period.from}::date, ${period.to}::date, interval '1 day') as d
      where not exists (select 1 from ${dashboardDays}
        where ${dashboardDays.organizationId} = ${organizationId} and ${dashboardDays.day} = d::date)))`;
}

async function isStale(db: Database, organizationId: string, period: Period): Promise<boolean> {
  const result = await db.execute(sql`select ${staleness(organizationId, period)} as stale`);
  return (result as unknown as { rows: { stale: boolean }[] }).rows[0]?.stale === true;
}

/**
 * Recomputes the period's dates that were marked or never computed, in the caller's transaction. One refresh
 * at a time per organization (an advisory lock, so two reads cannot both insert a date's rows). The marks are
 * consumed by a DELETE, which removes exactly those committed when it runs; the figures are computed by a
 * later statement that sees at least those writes. A write still uncommitted then keeps its mark for the
 * next read — it is never lost. A marked date outside the period is forgotten (its figures and its row in
 * `dashboard_days`), to be computed afresh when a period reaches it.
 */
export async function refreshSessionDays(db: Database, organizationId: string, period: Period) {
  if (!(await isStale(db, organizationId, period))) return;
  await lockKeptFigures(db, organizationId);
  const consumed = await db.execute(sql`
    with consumed as (
      delete from ${dashboardMarks} where ${dashboardMarks.organizationId} = ${organizationId} returning day
    ),
    period_days as (
      select d::date as day from generate_series(${period.from}::date, ${period.to}::date, interval '1 day') as d
    ),
    todo as (
      select day from period_days
      where day in (select day from consumed)
        or not exists (select 1 from ${dashboardDays}
          where ${dashboardDays.organizationId} = ${organizationId} and ${dashboardDays.day} = period_days.day)
    ),
    forgotten as (
      select distinct day from consumed where day not between ${period.from}::date and ${period.to}::date
    ),
    unrecorded as (
      delete from ${dashboardDays}
      where ${dashboardDays.organizationId} = ${organizationId} and ${dashboardDays.day} in (select day from forgotten)
    ),
    cleared as (
      delete from ${dashboardSessionDays}
      where ${dashboardSessionDays.organizationId} = ${organizationId}
        and (${dashboardSessionDays.day} in (select day from todo) or ${dashboardSessionDays.day} in (select day from forgotten))
    )
    select array(select day::text from todo order by day) as days`);
  const days = (consumed as unknown as { rows: { days: string[] }[] }).rows[0]?.days ?? [];
  if (days.length === 0) return;
  const inDays = sql`${scheduleSessions.date} = any(${sql.param(days)}::date[])`;
  await db.execute(sql`
    with computed as (
      insert into ${dashboardSessionDays} (organization_id, day, schedule_id, sessions, seats_taken, checked_in)
      select ${organizationId}, day, schedule_id, sessions, seats_taken, checked_in
      from ${heldSessionFigures(db, organizationId, inDays)} as figures
    )
    insert into ${dashboardDays} (organization_id, day)
    select ${organizationId}, day from unnest(${sql.param(days)}::date[]) as day
    on conflict do nothing`);
}
