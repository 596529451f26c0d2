import type { BillingCycle } from '@reformer/domain/customer-plans';
import type { Currency } from '@reformer/domain/money';
import { and, asc, desc, eq, gt, like, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import { paymentKeptCents, paymentToCycleCents } from '../../db/billing-cycles.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { onTheBooks } from '../../db/customers-on-the-books.ts';
import {
  filterConditions,
  fitsOnePlan,
  givenFilters,
  preparedStatement,
  shapeName,
  type ValueFilters,
  withGenericPlan,
} from '../../db/prepared.ts';
import {
  billingCycles,
  customerPlans,
  customers,
  customersInOrganization,
  enrollments,
  organizations,
  payments,
  paymentTotals,
  pixPspConnections,
  purchases,
  schedules,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../db/search-pattern.ts';

type Reader = Database | Transaction;
export type PaymentInsert = typeof payments.$inferInsert;

const sameOrganization = (table: { organizationId: AnyPgColumn }) =>
  eq(table.organizationId, payments.organizationId);

const paymentColumns = {
  id: payments.id,
  customerId: payments.customerId,
  customerName: sql<
    string | null
  >`nullif(trim(concat_ws(' ', ${customers.firstName}, ${customers.lastName})), '')`,
  enrollmentId: payments.enrollmentId,
  purchaseId: payments.purchaseId,
  planId: payments.planId,
  planName: customerPlans.name,
  cycleStart: payments.cycleStart,
  cycleEnd: payments.cycleEnd,
  amountCents: payments.amountCents,
  currency: sql<Currency>`${payments.currency}`,
  paidOn: payments.paidOn,
  method: payments.method,
  status: payments.status,
  notes: payments.notes,
  creditedCents: payments.creditedCents,
  refundedCents: payments.refundedCents,
  endToEndId: payments.endToEndId,
  createdAt: payments.createdAt,
  updatedAt: payments.updatedAt,
};
export type PaymentRow = Awaited<ReturnType<typeof findPayment>> & {};

/** The rows with their names; `extra` adds columns to them (the list's totals). */
function withNames<Extra extends SelectedFields = Record<never, never>>(db: Reader, extra?: Extra) {
  return db
    .select({ ...paymentColumns, ...(extra as Extra) })
    .from(payments)
    .innerJoin(customers, and(sameOrganization(customers), eq(customers.id, payments.customerId)))
    .innerJoin(customerPlans, and(sameOrganization(customerPlans), eq(customerPlans.id, payments.planId)));
}

export type PaymentFilter = {
  from?: string | undefined;
  to?: string | undefined;
  status?: PaymentInsert['status'] | undefined;
  method?: PaymentInsert['method'] | undefined;
  customerId?: string | undefined;
  planId?: string | undefined;
  cycleFrom?: string | undefined;
  cycleTo?: string | undefined;
};

/** The list's filters, each a condition on one column. */
const VALUE_FILTERS = {
  from: [payments.paidOn, 'date', '>='],
  to: [payments.paidOn, 'date', '<='],
  status: [payments.status, 'payment_status'],
  method: [payments.method, 'payment_method'],
  customerId: [payments.customerId, 'uuid'],
  planId: [payments.planId, 'uuid'],
  cycleFrom: [payments.cycleStart, 'date', '>='],
  cycleTo: [payments.cycleStart, 'date', '<='],
} as const satisfies ValueFilters;

type CurrencyTotals = { currency: Currency; completedCents: number; pendingCents: number; count: number };

/**
 * The totals per currency over the whole filter. Each column is named as its key, because the list reads
 * them as JSON inside its page's statement.
 */
function totalsOf(db: Reader, where: SQL | undefined) {
  return db
    .select({
      currency: sql<Currency>`${payments.currency}`.as('currency'),
      // Received money is what stays: a partial refund gave part of a COMPLETED payment back.
      completedCents:
        sql<number>`coalesce(sum(${paymentKeptCents}) filter (where ${payments.status} = 'COMPLETED'), 0)::bigint`
          .mapWith(Number)
          .as('completedCents'),
      pendingCents:
        sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${payments.status} = 'PENDING'), 0)::bigint`
          .mapWith(Number)
          .as('pendingCents'),
      count: sql<number>`count(*)::int`.as('count'),
    })
    .from(payments)
    .where(where)
    .groupBy(payments.currency)
    .orderBy(asc(payments.currency));
}

/**
 * The totals over all of the organization's payments as the trigger keeps them (migration 0044): the sums of
 * its rows per currency, in the shape and names of `totalsOf`'s — summing every payment on each call was most of
 * the unfiltered list's PostgreSQL time (decision 018, session 22). A currency none of whose payments is left
 * has no total, as a currency with no payment has no group there.
 */
function keptTotals(db: Reader) {
  return db
    .select({
      currency: sql<Currency>`${paymentTotals.currency}`.as('currency'),
      completedCents: sql<number>`sum(${paymentTotals.completedCents})::bigint`
        .mapWith(Number)
        .as('completedCents'),
      pendingCents: sql<number>`sum(${paymentTotals.pendingCents})::bigint`
        .mapWith(Number)
        .as('pendingCents'),
      count: sql<number>`sum(${paymentTotals.payments})::int`.as('count'),
    })
    .from(paymentTotals)
    .where(eq(paymentTotals.organizationId, sql.placeholder('organizationId')))
    .groupBy(paymentTotals.currency)
    .having(gt(sql`sum(${paymentTotals.payments})`, 0))
    .orderBy(asc(paymentTotals.currency));
}

/**
 * One statement per shape of filters (only the given ones in its SQL), built once (db/prepared.ts). A shape of
 * equalities alone is planned once per connection (a generic plan), as the enrollment list's: planning the page
 * with its totals per call was a quarter of the list's PostgreSQL time (decision 018); a shape with a date
 * range is planned per call, for what the range spans. The page (newest payment date first) carries the
 * totals per currency over the whole filter as JSON from an uncorrelated subquery: one statement, one round
 * trip. A page past the last has no row to carry them: they are then asked alone.
 */
function preparedList(db: Database, given: (keyof typeof VALUE_FILTERS)[]) {
  const name = shapeName(VALUE_FILTERS, given);
  const where = and(
    eq(payments.organizationId, sql.placeholder('organizationId')),
    ...filterConditions(VALUE_FILTERS, given),
  );
  const plannedOnce = fitsOnePlan(VALUE_FILTERS, given);
  // With no filter, the totals are the kept ones; a filter sums its own payments.
  const totals = () => (given.length === 0 ? keptTotals(db) : totalsOf(db, where));
  return {
    run: <Result>(query: () => Promise<Result>) => (plannedOnce ? withGenericPlan(db, query) : query()),
    page: preparedStatement(db, `payments_page_${name}`, (statement) =>
      withNames(db, {
        totals: sql<
          CurrencyTotals[]
        >`(select coalesce(json_agg(t order by t.currency), '[]') from (${totals()}) t)`,
      })
        .where(where)
        .orderBy(desc(payments.paidOn), desc(payments.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(statement),
    ),
    totals: preparedStatement(db, `payments_totals_${name}`, (statement) => totals().prepare(statement)),
  };
}

export async function listPayments(
  db: Database,
  organizationId: string,
  filter: PaymentFilter,
  page: { page: number; limit: number },
) {
  const statements = preparedList(db, givenFilters(VALUE_FILTERS, filter));
  const values = { ...filter, organizationId, limit: page.limit, offset: (page.page - 1) * page.limit };
  const found = await statements.run(() => statements.page.execute(values));
  const rows = found.map(({ totals: _totals, ...row }) => row);
  const totals =
    found[0]?.totals ??
    (page.page === 1 ? [] : await statements.run(() => statements.totals.execute(values)));
  return { rows, totals, total: totals.reduce((sum, row) => sum + row.count, 0) };
}

export async function findPayment(db: Reader, organizationId: string, id: string) {
  const [row] = await withNames(db).where(
    and(eq(payments.organizationId, organizationId), eq(payments.id, id)),
  );
  return row ?? null;
}

export async function lockPayment(tx: Transaction, organizationId: string, id: string) {
  const [row] = await tx
    .select({
      id: payments.id,
      amountCents: payments.amountCents,
      status: payments.status,
      customerId: payments.customerId,
      enrollmentId: payments.enrollmentId,
      purchaseId: payments.purchaseId,
      cycleStart: payments.cycleStart,
      currency: sql<Currency>`${payments.currency}`,
      creditedCents: payments.creditedCents,
      refundedCents: payments.refundedCents,
      endToEndId: payments.endToEndId,
      paidOn: payments.paidOn,
    })
    .from(payments)
    .where(and(eq(payments.organizationId, organizationId), eq(payments.id, id)))
    .for('update');
  return row ?? null;
}

/**
 * The purchase a payment pays, locked so two payments for it are counted one after the other, with what its
 * COMPLETED payments put on it so far (decision 028's net: amount − credited − refunded).
 */
export async function lockPurchaseForPayment(tx: Transaction, organizationId: string, purchaseId: string) {
  const [row] = await tx
    .select({
      customerId: purchases.customerId,
      planId: purchases.planId,
      startsOn: purchases.startsOn,
      expiresOn: purchases.expiresOn,
      priceCents: purchases.priceCents,
      currency: sql<Currency>`${purchases.currency}`,
    })
    .from(purchases)
    .where(and(eq(purchases.organizationId, organizationId), eq(purchases.id, purchaseId)))
    .for('update');
  if (!row) return null;
  const [paid] = await tx
    .select({ cents: sql<number>`coalesce(sum(${paymentToCycleCents}), 0)::bigint`.mapWith(Number) })
    .from(payments)
    .where(
      and(
        eq(payments.organizationId, organizationId),
        eq(payments.purchaseId, purchaseId),
        eq(payments.status, 'COMPLETED'),
      ),
    );
  return { ...row, paidCents: paid?.cents ?? 0 };
}

/** Whether the customer (still on the books) has any enrollment at all. */
export async function customerEnrollmentCount(tx: Transaction, organizationId: string, customerId: string) {
  const [row] = await tx
    .select({
      isOnBooks: sql<boolean>`bool_or(${onTheBooks(customers.status)})`,
      enrollments: sql<number>`count(${enrollments.id})::int`,
    })
    .from(customers)
    .leftJoin(
      enrollments,
      and(eq(enrollments.organizationId, customers.organizationId), eq(enrollments.customerId, customers.id)),
    )
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId)));
  return row?.isOnBooks ? row.enrollments : null;
}

const enrollmentBillingColumns = {
  enrollmentId: enrollments.id,
  customerId: enrollments.customerId,
  planId: enrollments.planId,
  planName: customerPlans.name,
  scheduleName: schedules.name,
  status: enrollments.status,
  startDate: enrollments.startDate,
  endDate: enrollments.endDate,
  pausedFrom: enrollments.pausedFrom,
  resumeOn: enrollments.resumeOn,
  canceledFrom: enrollments.canceledFrom,
  billingCycle: sql<BillingCycle>`${customerPlans.billingCycle}`,
  priceCents: customerPlans.priceCents,
  currency: sql<Currency>`${customerPlans.currency}`,
};

function enrollmentsWithPlans(db: Reader) {
  return db
    .select(enrollmentBillingColumns)
    .from(enrollments)
    .innerJoin(
      customerPlans,
      and(
        eq(customerPlans.organizationId, enrollments.organizationId),
        eq(customerPlans.id, enrollments.planId),
      ),
    )
    .innerJoin(
      schedules,
      and(eq(schedules.organizationId, enrollments.organizationId), eq(schedules.id, enrollments.scheduleId)),
    );
}
export type EnrollmentBillingRow = Awaited<ReturnType<typeof listCustomerEnrollments>>[number];

/** The enrollment a payment pays, locked so two payments for one cycle are counted one after the other. */
export async function lockEnrollmentForPayment(
  tx: Transaction,
  organizationId: string,
  enrollmentId: string,
) {
  const [row] = await enrollmentsWithPlans(tx)
    .where(and(eq(enrollments.organizationId, organizationId), eq(enrollments.id, enrollmentId)))
    .for('update', { of: enrollments });
  return row ?? null;
}

export async function listCustomerEnrollments(db: Reader, organizationId: string, customerId: string) {
  return enrollmentsWithPlans(db)
    .where(and(eq(enrollments.organizationId, organizationId), eq(enrollments.customerId, customerId)))
    .orderBy(desc(enrollments.startDate), asc(enrollments.id));
}

/** What is paid of each cycle and, once charged, what it owes: the billing rule's input, per cycle start. */
export type CycleLedger = { paid: Map<string, number>; charged: Map<string, number> };

/**
 * The cycle ledgers of enrollments, in one statement: per cycle, what COMPLETED payments put on it (net of
 * refunds and of what went to credit) plus the credit applied to it, and the amount it was charged at — for
 * the customer's billing tab, a new payment's cycle and the payment reminders (events). The ids travel as one
 * array parameter, so an organization's every enrollment is still one statement under any parameter limit.
 */
export async function cycleLedgers(
  db: Reader,
  organizationId: string,
  enrollmentIds: readonly string[],
): Promise<Map<string, CycleLedger>> {
  const ledgers = new Map<string, CycleLedger>();
  if (enrollmentIds.length === 0) return ledgers;
  const ids = sql`${sql.param(enrollmentIds)}::uuid[]`;
  const result = await db.execute(sql`
    select enrollment_id, cycle_start, sum(paid_cents)::bigint as paid_cents, max(charged_cents) as charged_cents
    from (
      select ${payments.enrollmentId} as enrollment_id, ${payments.cycleStart} as cycle_start,
        ${paymentToCycleCents} as paid_cents,
        null::bigint as charged_cents
      from ${payments}
      where ${payments.organizationId} = ${organizationId} and ${payments.enrollmentId} = any(${ids})
        and ${payments.status} = 'COMPLETED'
      union all
      select ${billingCycles.enrollmentId}, ${billingCycles.cycleStart}, ${billingCycles.creditAppliedCents},
        ${billingCycles.amountCents}
      from ${billingCycles}
      where ${billingCycles.organizationId} = ${organizationId} and ${billingCycles.enrollmentId} = any(${ids})
    ) as entries
    group by enrollment_id, cycle_start`);
  const { rows } = result as unknown as {
    rows: { enrollment_id: string; cycle_start: string; paid_cents: string; charged_cents: string | null }[];
  };
  for (const row of rows) {
    const ledger = ledgers.get(row.enrollment_id) ?? { paid: new Map(), charged: new Map() };
    const paidCents = Number(row.paid_cents);
    if (paidCents !== 0) ledger.paid.set(row.cycle_start, paidCents);
    if (row.charged_cents !== null) ledger.charged.set(row.cycle_start, Number(row.charged_cents));
    ledgers.set(row.enrollment_id, ledger);
  }
  return ledgers;
}

export type CycleCharge = typeof billingCycles.$inferInsert;

/** Fixes what a cycle owes, the first time it is charged; a second charge of the same cycle changes nothing. */
export async function chargeCycle(tx: Transaction, charge: CycleCharge) {
  await tx.insert(billingCycles).values(charge).onConflictDoNothing();
}

export async function addCreditApplied(
  tx: Transaction,
  key: { organizationId: string; enrollmentId: string; cycleStart: string },
  cents: number,
) {
  await tx
    .update(billingCycles)
    .set({ creditAppliedCents: sql`${billingCycles.creditAppliedCents} + ${cents}` })
    .where(
      and(
        eq(billingCycles.organizationId, key.organizationId),
        eq(billingCycles.enrollmentId, key.enrollmentId),
        eq(billingCycles.cycleStart, key.cycleStart),
      ),
    );
}

/**
 * The customer's credit balance per currency: what their COMPLETED payments sent to credit less what their
 * cycles took from it. A writer that spends from it takes `lockCustomer` first, so two spends of one balance
 * are counted one after the other.
 */
export async function creditBalances(
  db: Reader,
  organizationId: string,
  customerId: string,
): Promise<Map<Currency, number>> {
  const result = await db.execute(sql`
    select currency, sum(cents)::bigint as balance
    from (
      select ${payments.currency} as currency, ${payments.creditedCents} as cents from ${payments}
      where ${payments.organizationId} = ${organizationId} and ${payments.customerId} = ${customerId}
        and ${payments.status} = 'COMPLETED' and ${payments.creditedCents} > 0
      union all
      select ${billingCycles.currency}, -${billingCycles.creditAppliedCents} from ${billingCycles}
      where ${billingCycles.organizationId} = ${organizationId} and ${billingCycles.customerId} = ${customerId}
        and ${billingCycles.creditAppliedCents} > 0
    ) as entries
    group by currency order by currency`);
  const { rows } = result as unknown as { rows: { currency: Currency; balance: string }[] };
  return new Map(rows.map((row) => [row.currency, Number(row.balance)]));
}

/** The customer's row: the last lock of every writer (decision 013), so it never waits in a cycle. */
export async function lockCustomer(tx: Transaction, organizationId: string, customerId: string) {
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId)))
    .for('update');
}

export async function insertPayment(tx: Transaction, row: PaymentInsert) {
  await tx.insert(payments).values(row);
}

export async function updatePayment(
  tx: Transaction,
  key: { organizationId: string; id: string },
  values: Partial<PaymentInsert>,
) {
  await tx
    .update(payments)
    .set(values)
    .where(and(eq(payments.organizationId, key.organizationId), eq(payments.id, key.id)));
}

export async function deletePayment(tx: Transaction, key: { organizationId: string; id: string }) {
  await tx
    .delete(payments)
    .where(and(eq(payments.organizationId, key.organizationId), eq(payments.id, key.id)));
}

export async function findPixSettings(db: Reader, organizationId: string) {
  const [row] = await db
    .select({
      pixKey: organizations.pixKey,
      pixMerchantName: organizations.pixMerchantName,
      pixMerchantCity: organizations.pixMerchantCity,
      organizationName: organizations.name,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row ?? null;
}

export async function updatePixSettings(
  db: Database,
  organizationId: string,
  values: { pixKey: string | null; pixMerchantName: string | null; pixMerchantCity: string | null },
  now: Date,
) {
  await db
    .update(organizations)
    .set({ ...values, updatedAt: now })
    .where(eq(organizations.id, organizationId));
}

/** The customer's display name, or null when there is no such customer in the organization. */
export async function findCustomerName(db: Reader, organizationId: string, customerId: string) {
  const [row] = await db
    .select({ name: sql<string>`trim(concat_ws(' ', ${customers.firstName}, ${customers.lastName}))` })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId)));
  return row?.name ?? null;
}

/**
 * Step 1 of a new payment: customers on the books matching every word (as the customer list searches), each
 * with how many enrollments and purchases they have — those with neither are shown but cannot be charged.
 * Without words, the most recently enrolled or sold to.
 */
export async function searchPayableCustomers(db: Database, organizationId: string, words: string[]) {
  // Through the view the customer list searches by, which keeps the trigram index under row-level security.
  const payable = customersInOrganization;
  const purchased = sql`from ${purchases} where ${purchases.organizationId} = ${payable.organizationId} and ${purchases.customerId} = ${payable.id}`;
  // The most recent enrollment or purchase (greatest skips a null).
  const lastEnrolled = sql`greatest(max(${enrollments.createdAt}), (select max(${purchases.createdAt}) ${purchased}))`;
  return (
    db
      .select({
        customerId: payable.id,
        name: sql<string>`trim(concat_ws(' ', ${payable.firstName}, ${payable.lastName}))`,
        enrollmentCount: sql<number>`count(${enrollments.id})::int`,
        purchaseCount: sql<number>`(select count(*) ${purchased})::int`,
      })
      .from(payable)
      .leftJoin(
        enrollments,
        and(eq(enrollments.organizationId, payable.organizationId), eq(enrollments.customerId, payable.id)),
      )
      .where(
        and(
          eq(payable.organizationId, organizationId),
          onTheBooks(payable.status),
          ...words.map((word) => like(payable.searchText, containsPattern(word))),
        ),
      )
      // A view has no primary key to imply the rest of the row: every column shown is grouped on.
      .groupBy(payable.organizationId, payable.id, payable.firstName, payable.lastName, payable.sortName)
      .having(words.length === 0 ? sql`${lastEnrolled} is not null` : undefined)
      // Newest first without a search (ties, as under one clock: the newer customer, ids being time-ordered).
      .orderBy(
        ...(words.length === 0
          ? [sql`${lastEnrolled} desc`, desc(payable.id)]
          : [sql`${payable.sortName} collate "C"`, asc(payable.id)]),
      )
      .limit(20)
  );
}

export async function listPlanNames(db: Database, organizationId: string) {
  return db
    .select({
      id: customerPlans.id,
      name: customerPlans.name,
      currency: sql<Currency>`${customerPlans.currency}`,
      isActive: customerPlans.isActive,
    })
    .from(customerPlans)
    .where(eq(customerPlans.organizationId, organizationId))
    .orderBy(asc(customerPlans.name), asc(customerPlans.id));
}

/** Whether the organization has a PSP connection (its Pix payments are refunded through it, decision 030). */
export async function hasPspConnection(db: Reader, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pixPspConnections.organizationId })
    .from(pixPspConnections)
    .where(eq(pixPspConnections.organizationId, organizationId));
  return row !== undefined;
}
