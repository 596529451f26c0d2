import { ENROLLMENT_RENEWALS, ENROLLMENT_STATUSES } from '@reformer/domain/enrollments';
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
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { customerPlans, customers } from './customers.ts';
import { organizations } from './organizations.ts';
import { schedules } from './schedules.ts';

export const enrollmentStatusEnum = pgEnum('enrollment_status', ENROLLMENT_STATUSES);
export const enrollmentRenewalEnum = pgEnum('enrollment_renewal', ENROLLMENT_RENEWALS);

/**
 * A customer's fixed place in a schedule under a plan. Rosters are computed from it (domain `coversDate`):
 * the dates decide which sessions it puts the customer on, so a pause or a cancellation from a date leaves
 * earlier sessions as they were. A plan or schedule in use cannot be deleted (no cascade).
 */
export const enrollments = pgTable(
  'enrollments',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    customerId: uuid('customer_id').notNull(),
    planId: uuid('plan_id').notNull(),
    scheduleId: uuid('schedule_id').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    isEndDateExplicit: boolean('is_end_date_explicit').notNull().default(false),
    status: enrollmentStatusEnum('status').notNull().default('ACTIVE'),
    /** As the plan says, or staff's choice for this one (domain `willRenew`). */
    renewal: enrollmentRenewalEnum('renewal').notNull().default('PLAN'),
    /**
     * A copy of its plan's `renews_automatically`, written with the enrollment and by every change of the
     * plan's choice: the rosters read whether an enrollment keeps renewing (domain `keepsRenewing`) from its
     * own row, without a look-up of the plan per enrollment and session (decision 013).
     */
    planRenewsAutomatically: boolean('plan_renews_automatically').notNull().default(false),
    pausedFrom: date('paused_from'),
    resumeOn: date('resume_on'),
    canceledFrom: date('canceled_from'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.customerId],
      foreignColumns: [customers.organizationId, customers.id],
    }),
    foreignKey({
      columns: [table.organizationId, table.planId],
      foreignColumns: [customerPlans.organizationId, customerPlans.id],
    }),
    foreignKey({
      columns: [table.organizationId, table.scheduleId],
      foreignColumns: [schedules.organizationId, schedules.id],
    }),
    // The roster's lookup: the enrollments of a schedule whose dates reach a session's date.
    index('enrollments_schedule_dates_idx').on(
      table.organizationId,
      table.scheduleId,
      table.startDate,
      table.endDate,
    ),
    index('enrollments_customer_idx').on(table.organizationId, table.customerId, table.startDate),
    index('enrollments_plan_idx').on(table.organizationId, table.planId),
    // The list's default order (newest start first) and the completion job.
    index('enrollments_org_start_idx').on(table.organizationId, table.startDate, table.id),
    index('enrollments_status_end_idx').on(table.status, table.endDate),
    check('enrollments_dates_check', sql`${table.endDate} >= ${table.startDate}`),
    check(
      'enrollments_pause_check',
      sql`${table.resumeOn} is null or (${table.pausedFrom} is not null and ${table.resumeOn} > ${table.pausedFrom})`,
    ),
  ],
);
