import { PAYMENT_METHODS, PAYMENT_STATUSES } from '@reformer/domain/payments';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { currencyEnum, customerPlans, customers } from './customers.ts';
import { enrollments } from './enrollments.ts';
import { organizations } from './organizations.ts';

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
    enrollmentId: uuid('enrollment_id').notNull(),
    planId: uuid('plan_id').notNull(),
    cycleStart: date('cycle_start').notNull(),
    cycleEnd: date('cycle_end').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: currencyEnum('currency').notNull(),
    paidOn: date('paid_on').notNull(),
    method: paymentMethodEnum('method').notNull(),
    status: paymentStatusEnum('status').notNull(),
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
      columns: [table.organizationId, table.enrollmentId],
      foreignColumns: [enrollments.organizationId, enrollments.id],
    }),
    foreignKey({
      columns: [table.organizationId, table.planId],
      foreignColumns: [customerPlans.organizationId, customerPlans.id],
    }),
    // The list (a period, newest first) and its totals.
    index('payments_org_paid_on_idx').on(table.organizationId, table.paidOn, table.id),
    index('payments_customer_idx').on(table.organizationId, table.customerId, table.paidOn),
    index('payments_enrollment_cycle_idx').on(table.organizationId, table.enrollmentId, table.cycleStart),
    index('payments_plan_idx').on(table.organizationId, table.planId, table.paidOn),
    check('payments_amount_check', sql`${table.amountCents} > 0 and ${table.amountCents} <= 100000000`),
  ],
);
