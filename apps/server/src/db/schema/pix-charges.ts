import { PIX_CHARGE_STATUSES } from '@reformer/domain/pix-charges';
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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { organizations } from './organizations.ts';
import { billingCycles } from './payments.ts';
import { purchases } from './purchases.ts';

export const pixChargeStatusEnum = pgEnum('pix_charge_status', PIX_CHARGE_STATUSES);

/**
 * A `cobv` charge at the organization's PSP for one billing cycle, or for one pack sold (decisions 030, 029).
 * Its txid is derived from the cycle or the purchase (integrations/pix `txidFor`), so a second run or instance
 * asks the PSP for the same charge: one row and one charge each, whatever retries.
 */
export const pixCharges = pgTable(
  'pix_charges',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    txid: text('txid').notNull(),
    /** The cycle charged (enrollment and cycle start), or the purchase: exactly one of the two. */
    enrollmentId: uuid('enrollment_id'),
    cycleStart: date('cycle_start'),
    purchaseId: uuid('purchase_id'),
    customerId: uuid('customer_id').notNull(),
    dueDate: date('due_date').notNull(),
    /** What the charge asks (the cycle's amount less what was paid of it when it was issued). */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: pixChargeStatusEnum('status').notNull().default('PENDING'),
    brCode: text('br_code'),
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.txid] }),
    uniqueIndex('pix_charges_cycle_idx').on(table.organizationId, table.enrollmentId, table.cycleStart),
    uniqueIndex('pix_charges_purchase_idx')
      .on(table.organizationId, table.purchaseId)
      .where(sql`purchase_id is not null`),
    foreignKey({
      name: 'pix_charges_purchase_fk',
      columns: [table.organizationId, table.purchaseId],
      foreignColumns: [purchases.organizationId, purchases.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'pix_charges_cycle_fk',
      columns: [table.organizationId, table.enrollmentId, table.cycleStart],
      foreignColumns: [billingCycles.organizationId, billingCycles.enrollmentId, billingCycles.cycleStart],
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.organizationId, table.customerId],
      foreignColumns: [customers.organizationId, customers.id],
    }),
    index('pix_charges_customer_idx').on(table.organizationId, table.customerId),
    // The job's sweeps: charges still to confirm, and open ones whose cycle may have been paid another way.
    index('pix_charges_open_idx')
      .on(table.organizationId, table.status)
      .where(sql`status in ('PENDING', 'ACTIVE')`),
    check('pix_charges_amount_check', sql`${table.amountCents} > 0`),
    check(
      'pix_charges_target_check',
      sql`(${table.purchaseId} is null) <> (${table.enrollmentId} is null) and (${table.enrollmentId} is null) = (${table.cycleStart} is null)`,
    ),
  ],
);

/**
 * Every Pix the PSP reported (webhook or reconciliation), once per end-to-end id: the row is written in the
 * transaction that records its payment, so a Pix that arrives twice, late or out of order counts once.
 * `payment_id` is null for a Pix that paid none of our charges (a transfer to the key from elsewhere).
 */
export const pixReceived = pgTable(
  'pix_received',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    endToEndId: text('end_to_end_id').notNull(),
    txid: text('txid'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    paymentId: uuid('payment_id'),
    /** WEBHOOK or RECONCILIATION: which path saw it first. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.endToEndId] })],
);

/**
 * A refund asked of the PSP (`/pix/{e2eid}/devolucao/{id}`, id ours). It is asynchronous: the payment gives
 * the money back, and its cycle reopens, only when the PSP says DEVOLVIDO (decision 030).
 */
export const pixRefunds = pgTable(
  'pix_refunds',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    refundId: text('refund_id').notNull(),
    endToEndId: text('end_to_end_id').notNull(),
    paymentId: uuid('payment_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** REQUESTED (not confirmed by the PSP yet), EM_PROCESSAMENTO, DEVOLVIDO or NAO_REALIZADO. */
    status: text('status').notNull(),
    requestedBy: text('requested_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.refundId] }),
    index('pix_refunds_open_idx')
      .on(table.organizationId)
      .where(sql`status in ('REQUESTED', 'EM_PROCESSAMENTO')`),
    check('pix_refunds_amount_check', sql`${table.amountCents} > 0`),
  ],
);
