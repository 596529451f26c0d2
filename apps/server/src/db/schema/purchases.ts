import { PURCHASABLE_PLAN_KINDS } from '@reformer/domain/customer-plans';
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
import { organizations } from './organizations.ts';
import { scheduleSessions } from './sessions.ts';

export const purchaseKindEnum = pgEnum('purchase_kind', PURCHASABLE_PLAN_KINDS);

/**
 * A pack, single or trial class sold to a customer (decision 029). Its classes, last day, price and currency
 * are the plan's at the sale, fixed from then on, so editing the plan changes only later sales. The classes
 * spent are counted from `purchase_classes`; EXPIRED is read from `expires_on`, never stored.
 */
export const purchases = pgTable(
  'purchases',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    customerId: uuid('customer_id').notNull(),
    planId: uuid('plan_id').notNull(),
    kind: purchaseKindEnum('kind').notNull(),
    classesTotal: integer('classes_total').notNull(),
    startsOn: date('starts_on').notNull(),
    expiresOn: date('expires_on').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    currency: currencyEnum('currency').notNull(),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    index('purchases_customer_idx').on(table.organizationId, table.customerId, table.expiresOn),
    index('purchases_org_created_idx').on(table.organizationId, table.createdAt, table.id),
    index('purchases_plan_idx').on(table.organizationId, table.planId),
    index('purchases_expires_idx').on(table.organizationId, table.expiresOn),
    // At most one trial class per customer, even when two sales race.
    uniqueIndex('purchases_one_trial_idx')
      .on(table.organizationId, table.customerId)
      .where(sql`${table.kind} = 'TRIAL'`),
    check(
      'purchases_values_check',
      sql`${table.classesTotal} >= 1 and ${table.priceCents} >= 0 and ${table.expiresOn} >= ${table.startsOn}`,
    ),
  ],
);

/**
 * One class of a purchase spent on a customer's place in a session (one per place). A cancellation with
 * notice gives it back (`returned_at`); restoring the place spends it again. The place's attendance row keeps
 * the session through schedule edits.
 */
export const purchaseClasses = pgTable(
  'purchase_classes',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    purchaseId: uuid('purchase_id').notNull(),
    spentAt: timestamp('spent_at', { withTimezone: true }).notNull(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.sessionId, table.customerId] }),
    foreignKey({
      columns: [table.organizationId, table.purchaseId],
      foreignColumns: [purchases.organizationId, purchases.id],
    }),
    // A session that goes (a schedule edit replaces sessions with no roster; a customer leaving the books
    // leaves the sessions ahead) takes the place's class back to its purchase.
    foreignKey({
      columns: [table.organizationId, table.sessionId],
      foreignColumns: [scheduleSessions.organizationId, scheduleSessions.id],
    }).onDelete('cascade'),
    index('purchase_classes_purchase_idx').on(table.organizationId, table.purchaseId),
  ],
);
