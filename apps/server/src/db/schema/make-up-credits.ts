import { CREDIT_VALIDITIES, PORTAL_MAKE_UP_SCOPES } from '@reformer/domain/make-up-credits';
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
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { establishments, organizations } from './organizations.ts';
import { scheduleSessions } from './sessions.ts';

export const portalMakeUpScopeEnum = pgEnum('portal_make_up_scope', PORTAL_MAKE_UP_SCOPES);
export const creditValidityEnum = pgEnum('make_up_credit_validity', CREDIT_VALIDITIES);
/** What is stored; EXPIRED is read from `expires_on` and today in the organization's zone, so no job flips it. */
export const makeUpCreditStatusEnum = pgEnum('make_up_credit_status', ['AVAILABLE', 'USED']);

/** An organization's make-up rules (decision 023); no row means the defaults of the domain. */
export const makeUpCreditSettings = pgTable('make_up_credit_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  noticeHours: integer('notice_hours').notNull(),
  monthlyLimit: integer('monthly_limit').notNull(),
  validity: creditValidityEnum('validity').notNull(),
  validityDays: integer('validity_days').notNull(),
  allowMakeUpOfMakeUp: boolean('allow_make_up_of_make_up').notNull(),
  /** The portal's make-up booking (decision 039): closes this many hours before the class. */
  portalBookingHours: integer('portal_booking_hours').notNull().default(2),
  /** Where a credit may be spent from the portal: its canceled class's establishment, or any allowed. */
  portalMakeUpScope: portalMakeUpScopeEnum('portal_make_up_scope').notNull().default('SAME_ESTABLISHMENT'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Dates an establishment gives no credit for (its holidays), local dates of the organization. */
export const noCreditDates = pgTable(
  'no_credit_dates',
  {
    organizationId: uuid('organization_id').notNull(),
    establishmentId: uuid('establishment_id').notNull(),
    date: date('date').notNull(),
    name: text('name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.establishmentId, table.date] }),
    foreignKey({
      columns: [table.organizationId, table.establishmentId],
      foreignColumns: [establishments.organizationId, establishments.id],
    }).onDelete('cascade'),
  ],
);

/**
 * One credit a customer earned by cancelling their place in `canceled_session_id` (at most one per
 * cancelled place), spent by a make-up in `used_session_id`. `session_date` is the cancelled session's local
 * date when the credit was earned: the month the monthly limit counts it in. Sessions referenced here are
 * history: schedule edits keep them (schedules.repository `hasAttendance`).
 */
export const makeUpCredits = pgTable(
  'make_up_credits',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    customerId: uuid('customer_id').notNull(),
    canceledSessionId: uuid('canceled_session_id').notNull(),
    sessionDate: date('session_date').notNull(),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull(),
    expiresOn: date('expires_on').notNull(),
    status: makeUpCreditStatusEnum('status').notNull().default('AVAILABLE'),
    usedSessionId: uuid('used_session_id'),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.customerId],
      foreignColumns: [customers.organizationId, customers.id],
    }),
    foreignKey({
      columns: [table.organizationId, table.canceledSessionId],
      foreignColumns: [scheduleSessions.organizationId, scheduleSessions.id],
    }),
    foreignKey({
      columns: [table.organizationId, table.usedSessionId],
      foreignColumns: [scheduleSessions.organizationId, scheduleSessions.id],
    }),
    uniqueIndex('make_up_credits_canceled_place_idx').on(
      table.organizationId,
      table.canceledSessionId,
      table.customerId,
    ),
    // One credit pays for one make-up place.
    uniqueIndex('make_up_credits_used_place_idx')
      .on(table.organizationId, table.usedSessionId, table.customerId)
      .where(sql`${table.usedSessionId} is not null`),
    index('make_up_credits_customer_idx').on(table.organizationId, table.customerId, table.earnedAt),
    check(
      'make_up_credits_used_check',
      sql`(${table.status} = 'USED') = (${table.usedSessionId} is not null and ${table.usedAt} is not null)`,
    ),
  ],
);
