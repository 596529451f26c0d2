import {
  bigint,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { schedules } from './schedules.ts';
import { scheduleSessions } from './sessions.ts';

/**
 * The kept roster figures (decision 018, issue #33): the dashboard's per date and schedule, the calendar's per
 * session. Triggers on the tables the figures are made of add a row here for each local date a write can change
 * (migration 0039); a read that consumes them forgets both kinds of figures of those dates and recomputes what
 * it shows. Only ever inserted by writes, never updated: concurrent writes take no lock on one another, and a
 * mark not yet committed when a read consumes the others is left for the next read. A kept figure of a date
 * with a mark waiting is not read: the mark says it may be stale.
 */
export const dashboardMarks = pgTable(
  'dashboard_marks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
  },
  // By date too: the calendar asks, per session, whether its date waits with a mark.
  (table) => [index('dashboard_marks_org_day_idx').on(table.organizationId, table.day)],
);

/** The local dates whose figures `dashboard_session_days` holds: a date with no row is computed when read. */
export const dashboardDays = pgTable(
  'dashboard_days',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.day] })],
);

/**
 * One schedule's active sessions held on one local date: how many, the seats taken (db/roster.ts, the
 * calendar's rule) and the check-ins. The seats offered come from the schedule's capacity when read, its name
 * and establishment too, so changing those marks nothing.
 */
export const dashboardSessionDays = pgTable(
  'dashboard_session_days',
  {
    organizationId: uuid('organization_id').notNull(),
    day: date('day').notNull(),
    scheduleId: uuid('schedule_id').notNull(),
    sessions: integer('sessions').notNull(),
    seatsTaken: integer('seats_taken').notNull(),
    checkedIn: integer('checked_in').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.day, table.scheduleId] }),
    foreignKey({
      columns: [table.organizationId, table.scheduleId],
      foreignColumns: [schedules.organizationId, schedules.id],
    }).onDelete('cascade'),
  ],
);

/**
 * One session's roster counts as the calendar shows them (db/roster.ts): seats taken and check-ins, as last
 * computed, under the session's local date then (a session moved since marks both dates, and its row under the
 * old date is no longer found). The capacity and the waitlist's held seats are read live. A row is read only
 * while no mark waits on its date or its scheduled date — a roster write marks both, so one that looked up a
 * session's date just before a move committed still reaches its row — and a trigger forgets the rows of either
 * date when its marks are consumed, by whichever reader or job consumes them (migration 0043).
 */
export const sessionCounts = pgTable(
  'session_counts',
  {
    organizationId: uuid('organization_id').notNull(),
    day: date('day').notNull(),
    sessionId: uuid('session_id').notNull(),
    /** The session's scheduled date, which never changes: a mark of it forgets the row too (migration 0043). */
    scheduledDay: date('scheduled_day').notNull(),
    rosterCount: integer('roster_count').notNull(),
    checkedInCount: integer('checked_in_count').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.day, table.sessionId] }),
    foreignKey({
      columns: [table.organizationId, table.sessionId],
      foreignColumns: [scheduleSessions.organizationId, scheduleSessions.id],
    }).onDelete('cascade'),
    // A session's deletion finds its row by it.
    index('session_counts_session_idx').on(table.organizationId, table.sessionId),
    // A consumed mark of a scheduled date finds its rows by it.
    index('session_counts_scheduled_day_idx').on(table.organizationId, table.scheduledDay),
  ],
);

/**
 * The dashboard's money figures (its `payments` part) as last computed for an organization and its local
 * date: every figure there depends on the date and on rows of a few tables only, so it stays right until one
 * of them is written or the date moves (decision 018, issue #33). Read when no mark waits.
 */
export const dashboardMoney = pgTable('dashboard_money', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  day: date('day').notNull(),
  figures: jsonb('figures').notNull(),
});

/**
 * A write to a table the money figures read (enrollments, plans, customers' status, schedules' end, billing
 * cycles, payments) since they were computed: inserted by triggers (migration 0041), consumed by the
 * dashboard's read as `dashboardMarks` are.
 */
export const dashboardMoneyMarks = pgTable(
  'dashboard_money_marks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
  },
  (table) => [index('dashboard_money_marks_org_idx').on(table.organizationId)],
);
