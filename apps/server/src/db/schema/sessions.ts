import { ADD_TO_SESSION_REASONS, ATTENDANCE_STATUSES, ROSTER_SOURCES } from '@reformer/domain/sessions';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { organizations } from './organizations.ts';
import { schedules } from './schedules.ts';

export const attendanceStatusEnum = pgEnum('attendance_status', ATTENDANCE_STATUSES);
export const rosterSourceEnum = pgEnum('roster_source', ROSTER_SOURCES);
export const addToSessionReasonEnum = pgEnum('add_to_session_reason', ADD_TO_SESSION_REASONS);

/**
 * One occurrence of a schedule. The table is `schedule_sessions` because `sessions` is better-auth's
 * (sign-in sessions, auth.ts). `scheduled_*` is the slot the schedule generated and never changes;
 * `date`, `start_time`, `end_time` are where the session happens (different once staff moved it), in the
 * organization's zone, and `starts_at`/`ends_at` the same as instants (domain `sessionInterval`),
 * recomputed when the organization's zone changes.
 */
export const scheduleSessions = pgTable(
  'schedule_sessions',
  {
    organizationId: uuid('organization_id').notNull(),
    id: uuid('id').notNull(),
    scheduleId: uuid('schedule_id').notNull(),
    scheduledDate: date('scheduled_date').notNull(),
    scheduledStartTime: time('scheduled_start_time').notNull(),
    scheduledEndTime: time('scheduled_end_time').notNull(),
    date: date('date').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.scheduleId],
      foreignColumns: [schedules.organizationId, schedules.id],
    }).onDelete('cascade'),
    // One session per generated date: regeneration inserts with ON CONFLICT DO NOTHING on it.
    uniqueIndex('schedule_sessions_schedule_date_unique_idx').on(
      table.organizationId,
      table.scheduleId,
      table.scheduledDate,
    ),
    // The calendar's range (local dates) and the time-zone change (sessions not started yet).
    index('schedule_sessions_org_date_idx').on(table.organizationId, table.date),
    index('schedule_sessions_org_starts_at_idx').on(table.organizationId, table.startsAt),
  ],
);

/**
 * A customer's place in one session: ADDED rows are customers added to this session alone (reason,
 * notes); ENROLLMENT rows will hold the status and check-in of enrolled customers. A session with any row
 * here is history: regeneration keeps it and deleting its schedule is refused (no cascade from sessions).
 */
export const sessionAttendance = pgTable(
  'session_attendance',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    source: rosterSourceEnum('source').notNull(),
    status: attendanceStatusEnum('status').notNull(),
    reason: addToSessionReasonEnum('reason'),
    notes: text('notes'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.sessionId, table.customerId] }),
    foreignKey({
      columns: [table.organizationId, table.sessionId],
      foreignColumns: [scheduleSessions.organizationId, scheduleSessions.id],
    }),
    foreignKey({
      columns: [table.organizationId, table.customerId],
      foreignColumns: [customers.organizationId, customers.id],
    }),
    index('session_attendance_customer_idx').on(table.organizationId, table.customerId),
    check('session_attendance_reason_check', sql`${table.source} <> 'ADDED' or ${table.reason} is not null`),
  ],
);

/** A session staff moved: it no longer sits in the slot its schedule generated. */
export const sessionIsMoved = sql<boolean>`(${scheduleSessions.date}, ${scheduleSessions.startTime}, ${scheduleSessions.endTime})
  is distinct from (${scheduleSessions.scheduledDate}, ${scheduleSessions.scheduledStartTime}, ${scheduleSessions.scheduledEndTime})`;
