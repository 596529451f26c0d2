import { PAYMENT_METHODS, PAYMENT_STATUSES } from '@reformer/domain/payments';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { currencyEnum, customerPlans, customers } from './customers.ts';
import { enrollments } from './enrollments.ts';
import { organizations } from './organizations.ts';
import { purchases } from './purchases.ts';

export const paymentMethodEnum = pgEnum('payment_method', PAYMENT_METHODS);
export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);

/**
 * What a customer paid (or owes, when PENDING) for one billing cycle of one enrollment. The plan is kept
 * beside the enrollment so the list filters by plan without a join. A payment is a financial record: the
 * enrollment it pays cannot be deleted (no cascade).
 */
export const payments = pgTable(
  'payments',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    customerId: uuid('customer_id').notNull(),
    /** What it pays: one billing cycle of an enrollment, or a purchase once (decision 029) — exactly one. */
    enrollmentId: uuid('enrollment_id'),
    purchaseId: uuid('purchase_id'),
    planId: uuid('plan_id').notNull(),
    cycleStart: date('cycle_start').notNull(),
    cycleEnd: date('cycle_end').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: currencyEnum('currency').notNull(),
    paidOn: date('paid_on').notNull(),
    method: paymentMethodEnum('method').notNull(),
    status: paymentStatusEnum('status').notNull(),
    notes: text('notes'),
    /** The part of the amount that went to the customer's credit balance instead of the cycle (decision 028). */
    creditedCents: bigint('credited_cents', { mode: 'number' }).notNull().default(0),
    /** What was given back (a partial or full refund); the whole amount when the status is REFUNDED. */
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    /** The Pix's end-to-end id, for a payment the PSP reported (decision 030): refunds go through it. */
    endToEndId: text('end_to_end_id'),
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
      columns: [table.organizationId, table.enrollmentId],
      foreignColumns: [enrollments.organizationId, enrollments.id],
    }),
    foreignKey({
      columns: [table.organizationId, table.purchaseId],
      foreignColumns: [purchases.organizationId, purchases.id],
    }),
    foreignKey({
      columns: [table.organizationId, table.planId],
      foreignColumns: [customerPlans.organizationId, customerPlans.id],
    }),
    // The list (a period, newest first) and its totals.
    index('payments_org_paid_on_idx').on(table.organizationId, table.paidOn, table.id),
    index('payments_customer_idx').on(table.organizationId, table.customerId, table.paidOn),
    index('payments_enrollment_cycle_idx').on(table.organizationId, table.enrollmentId, table.cycleStart),
    uniqueIndex('payments_end_to_end_idx')
      .on(table.organizationId, table.endToEndId)
      .where(sql`end_to_end_id is not null`),
    index('payments_plan_idx').on(table.organizationId, table.planId, table.paidOn),
    index('payments_purchase_idx').on(table.organizationId, table.purchaseId),
    check('payments_target_check', sql`(${table.enrollmentId} is null) <> (${table.purchaseId} is null)`),
    check('payments_amount_check', sql`${table.amountCents} > 0 and ${table.amountCents} <= 100000000`),
    check(
      'payments_parts_check',
      sql`${table.creditedCents} >= 0 and ${table.refundedCents} >= 0 and ${table.creditedCents} + ${table.refundedCents} <= ${table.amountCents}`,
    ),
  ],
);

/**
 * The payment list's totals over all of an organization's payments, per currency, as changes a statement
 * trigger on `payments` adds (migration 0044): summing every payment on each call was most of the unfiltered
 * list's PostgreSQL time, and grew with the studio's history (decision 018, session 22). What the list shows as
 * received (COMPLETED, less what a refund gave back) and pending, and how many payments there are: the sums of
 * the organization's rows per currency, kept as `customer_counts` is (a row per writing statement, folded by
 * whichever writer finds the fold lock free). A filtered list still sums its own payments.
 */
export const paymentTotals = pgTable(
  'payment_totals',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    currency: currencyEnum('currency').notNull(),
    completedCents: bigint('completed_cents', { mode: 'number' }).notNull().default(0),
    pendingCents: bigint('pending_cents', { mode: 'number' }).notNull().default(0),
    payments: integer('payments').notNull().default(0),
  },
  (table) => [index('payment_totals_org_currency_idx').on(table.organizationId, table.currency)],
);

/**
 * A billing cycle once it is charged (decision 028): what it owes is fixed then, at the plan's price of that
 * day, so a later price change reaches only cycles not charged yet. A cycle is charged by the hourly
 * `billing.charge-cycles` job on its due date (earlier when a PIX charge is issued ahead), or the first time a
 * payment or credit is recorded for it. The customer's credit applied to it counts as paid.
 */
export const billingCycles = pgTable(
  'billing_cycles',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    enrollmentId: uuid('enrollment_id').notNull(),
    cycleStart: date('cycle_start').notNull(),
    cycleEnd: date('cycle_end').notNull(),
    customerId: uuid('customer_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: currencyEnum('currency').notNull(),
    creditAppliedCents: bigint('credit_applied_cents', { mode: 'number' }).notNull().default(0),
    chargedAt: timestamp('charged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.enrollmentId, table.cycleStart] }),
    foreignKey({
      columns: [table.organizationId, table.enrollmentId],
      foreignColumns: [enrollments.organizationId, enrollments.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.organizationId, table.customerId],
      foreignColumns: [customers.organizationId, customers.id],
    }),
    // A customer's credit balance: what their payments credited less what their cycles took.
    index('billing_cycles_customer_idx').on(table.organizationId, table.customerId),
    check(
      'billing_cycles_amounts_check',
      sql`${table.amountCents} >= 0 and ${table.creditAppliedCents} >= 0 and ${table.creditAppliedCents} <= ${table.amountCents}`,
    ),
  ],
);
