import { RECURRENCE_TYPES, SCHEDULE_TYPES } from '@reformer/domain/schedules';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { establishments, organizations } from './organizations.ts';

export const scheduleTypeEnum = pgEnum('schedule_type', SCHEDULE_TYPES);
export const recurrenceTypeEnum = pgEnum('recurrence_type', RECURRENCE_TYPES);

/**
 * A class as staff plan it; its sessions are rows generated from it (sessions.ts). The instructor is a
 * user id with no foreign key on purpose: a staff member who leaves the organization must not be blocked
 * by their classes, and the schedule keeps naming them until it is edited (the edit re-checks the
 * assignment). Deleting an establishment that schedules use is refused (no cascade).
 */
export const schedules = pgTable(
  'schedules',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    type: scheduleTypeEnum('type').notNull(),
    establishmentId: uuid('establishment_id').notNull(),
    staffUserId: text('staff_user_id').notNull(),
    capacity: integer('capacity').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    /**
     * An open-ended schedule's sessions exist up to this date (decision 040): set when it is saved, moved
     * on by the `schedules.extend-sessions` job. Null for every other schedule, generated whole.
     */
    sessionsGeneratedThrough: date('sessions_generated_through'),
    recurrenceType: recurrenceTypeEnum('recurrence_type').notNull(),
    daysOfWeek: smallint('days_of_week').array().notNull().default(sql`'{}'`),
    notes: text('notes'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.establishmentId],
      foreignColumns: [establishments.organizationId, establishments.id],
    }),
    index('schedules_org_name_idx').on(table.organizationId, table.name, table.id),
    index('schedules_establishment_idx').on(table.organizationId, table.establishmentId),
    check('schedules_capacity_check', sql`${table.capacity} >= 1`),
    check('schedules_times_check', sql`${table.endTime} > ${table.startTime}`),
    check(
      'schedules_generated_through_check',
      sql`(${table.endDate} is null and ${table.recurrenceType} <> 'SINGLE') = (${table.sessionsGeneratedThrough} is not null)`,
    ),
  ],
);
