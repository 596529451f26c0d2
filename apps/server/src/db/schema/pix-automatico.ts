import { AMOUNT_KINDS, RECURRENCE_STATES, RETRY_POLICIES } from '@reformer/domain/pix-automatico';
import { FALLBACK_REASONS, RECURRING_CHARGE_STATES } from '@reformer/domain/pix-automatico-charges';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
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
import { enrollments } from './enrollments.ts';
import { organizations } from './organizations.ts';
import { billingCycles } from './payments.ts';

export const pixRecurrenceStateEnum = pgEnum('pix_recurrence_state', RECURRENCE_STATES);
export const pixRecurrenceAmountKindEnum = pgEnum('pix_recurrence_amount_kind', AMOUNT_KINDS);
export const pixRetryPolicyEnum = pgEnum('pix_retry_policy', RETRY_POLICIES);

/**
 * One Pix Automático authorization of an enrollment (decision 048): written before the PSP is asked (so two
 * starts cannot both reach it — one live recurrence per enrollment), then given the PSP's `idRec`. Its first
 * cycle is paid by the immediate charge (`first_txid`) the composite QR carries (Jornada 3).
 */
export const pixRecurrences = pgTable(
  'pix_recurrences',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    enrollmentId: uuid('enrollment_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    idRec: text('id_rec'),
    locationId: integer('location_id'),
    state: pixRecurrenceStateEnum('state').notNull().default('CREATED'),
    amountKind: pixRecurrenceAmountKindEnum('amount_kind').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    retryPolicy: pixRetryPolicyEnum('retry_policy').notNull(),
    periodicity: text('periodicity').notNull(),
    firstCycleStart: date('first_cycle_start').notNull(),
    firstTxid: text('first_txid').notNull(),
    firstAmountCents: bigint('first_amount_cents', { mode: 'number' }).notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    pixCopiaECola: text('pix_copia_e_cola'),
    isRequestedAtPayerBank: boolean('is_requested_at_payer_bank').notNull().default(false),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('pix_recurrences_id_rec_idx')
      .on(table.organizationId, table.idRec)
      .where(sql`id_rec is not null`),
    uniqueIndex('pix_recurrences_first_txid_idx').on(table.organizationId, table.firstTxid),
    // At most one recurrence per enrollment waiting for the payer and one running: a second start is refused,
    // but a replacement (a new authorization after a plan change) may wait beside the approved one, which is
    // cancelled when the replacement is approved (decision 048, fifth part).
    uniqueIndex('pix_recurrences_waiting_idx')
      .on(table.organizationId, table.enrollmentId)
      .where(sql`state = 'CREATED'`),
    uniqueIndex('pix_recurrences_approved_idx')
      .on(table.organizationId, table.enrollmentId)
      .where(sql`state = 'APPROVED'`),
    // No cascade: an enrollment with a recurrence is billing history (ENROLLMENT_HAS_PAYMENTS) — it is
    // cancelled, which cancels the recurrence at the PSP, never deleted from under it.
    foreignKey({
      columns: [table.organizationId, table.enrollmentId],
      foreignColumns: [enrollments.organizationId, enrollments.id],
    }),
    foreignKey({
      columns: [table.organizationId, table.customerId],
      foreignColumns: [customers.organizationId, customers.id],
    }),
    check('pix_recurrences_amounts_check', sql`${table.amountCents} > 0 and ${table.firstAmountCents} > 0`),
    check(
      'pix_recurrences_dates_check',
      sql`${table.endDate} is null or ${table.endDate} >= ${table.startDate}`,
    ),
  ],
);

export const pixRecurringChargeStateEnum = pgEnum('pix_recurring_charge_state', RECURRING_CHARGE_STATES);
export const pixFallbackReasonEnum = pgEnum('pix_fallback_reason', FALLBACK_REASONS);

/**
 * One cycle's recurring charge (`cobr`) of an approved recurrence (decision 048, third part). Written before the
 * PSP is asked, under the unique (recurrence, cycle): two instances or a restarted job write it once, and its
 * txid (from the row's key) names one charge at the PSP. `progress` is how far the PSP's notices got (domain
 * `chargeProgress`): a notice moves the row only past it. `fell_back_at` is set once, by whoever falls back.
 */
export const pixRecurringCharges = pgTable(
  'pix_recurring_charges',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    txid: text('txid').notNull(),
    recurrenceId: uuid('recurrence_id').notNull(),
    enrollmentId: uuid('enrollment_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    cycleStart: date('cycle_start').notNull(),
    dueDate: date('due_date').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    state: pixRecurringChargeStateEnum('state').notNull().default('PENDING'),
    progress: integer('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    nextRetryDate: date('next_retry_date'),
    rejectionCode: text('rejection_code'),
    endToEndId: text('end_to_end_id'),
    failure: text('failure'),
    fallbackReason: pixFallbackReasonEnum('fallback_reason'),
    fellBackAt: timestamp('fell_back_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.txid] }),
    uniqueIndex('pix_recurring_charges_cycle_idx').on(
      table.organizationId,
      table.recurrenceId,
      table.cycleStart,
    ),
    uniqueIndex('pix_recurring_charges_enrollment_cycle_idx').on(
      table.organizationId,
      table.enrollmentId,
      table.cycleStart,
    ),
    foreignKey({
      name: 'pix_recurring_charges_recurrence_fk',
      columns: [table.organizationId, table.recurrenceId],
      foreignColumns: [pixRecurrences.organizationId, pixRecurrences.id],
    }),
    foreignKey({
      name: 'pix_recurring_charges_cycle_fk',
      columns: [table.organizationId, table.enrollmentId, table.cycleStart],
      foreignColumns: [billingCycles.organizationId, billingCycles.enrollmentId, billingCycles.cycleStart],
    }),
    check('pix_recurring_charges_amount_check', sql`${table.amountCents} > 0`),
  ],
);
