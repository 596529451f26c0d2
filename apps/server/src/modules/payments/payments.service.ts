import { addDays } from '@reformer/domain/calendar-dates';
import { billingCycleMonths } from '@reformer/domain/customer-plans';
import { searchWords } from '@reformer/domain/customers';
import { AppError } from '@reformer/domain/errors';
import {
  billingCycleStates,
  type CustomerBilling,
  cycleStartingOn,
  firstUnpaidCycleStart,
  type PayableCustomerQuery,
  type Payment,
  type PaymentListQuery,
  type PaymentValues,
  UPCOMING_CYCLE_DAYS,
} from '@reformer/domain/payments';
import type { PixSettingsValues } from '@reformer/domain/pix';
import { todayIn } from '@reformer/domain/time-zones';
import { v7 as uuidv7 } from 'uuid';
import { isUuid } from '../../auth/access.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import * as repository from './payments.repository.ts';

type Amounts = { amountCents: number; status: string } | null;

async function audit(
  tx: Transaction,
  access: OrgAccess,
  actor: Actor,
  entry: { action: string; paymentId: string; before: Amounts; after: Amounts },
) {
  await recordAudit(tx, {
    organizationId: access.organizationId,
    actorId: actor.userId,
    action: entry.action,
    entityType: 'payment',
    entityId: entry.paymentId,
    ipAddress: actor.ipAddress,
    at: actor.now,
    details: { before: entry.before, after: entry.after },
  });
}

export function toPayment(row: repository.PaymentRow): Payment {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

async function readPayment(db: Database, organizationId: string, id: string) {
  const row = await repository.findPayment(db, organizationId, id);
  if (!row) throw new AppError('PAYMENT_NOT_FOUND');
  return toPayment(row);
}

export async function listPayments(db: Database, access: OrgAccess, query: PaymentListQuery) {
  const { rows, totals, total } = await repository.listPayments(db, access.organizationId, query, query);
  return { items: rows.map(toPayment), total, page: query.page, limit: query.limit, totals };
}

export async function getPayment(db: Database, access: OrgAccess, id: string) {
  if (!isUuid(id)) throw new AppError('PAYMENT_NOT_FOUND');
  return readPayment(db, access.organizationId, id);
}

export async function listPaymentPlans(db: Database, access: OrgAccess) {
  return { items: await repository.listPlanNames(db, access.organizationId) };
}

export async function searchPayableCustomers(db: Database, access: OrgAccess, query: PayableCustomerQuery) {
  const words = query.search ? searchWords(query.search) : [];
  return { items: await repository.searchPayableCustomers(db, access.organizationId, words) };
}

/** Paid cents per cycle start of one enrollment. */
async function paidByCycle(db: Database | Transaction, organizationId: string, enrollmentId: string) {
  const paid = await repository.paidByEnrollmentCycle(db, organizationId, [enrollmentId]);
  return paid.get(enrollmentId) ?? new Map<string, number>();
}

/**
 * Step 1 and 2 of the flow: the customer must have an enrollment (409 otherwise, spec document 2 §2) and
 * the payment must pay one of theirs; the cycle is the one named, or the first not paid yet.
 */
async function placePayment(tx: Transaction, access: OrgAccess, values: PaymentValues) {
  const { organizationId } = access;
  const enrollmentCount = await repository.customerEnrollmentCount(tx, organizationId, values.customerId);
  if (enrollmentCount === null) throw new AppError('CUSTOMER_NOT_FOUND');
  if (enrollmentCount === 0) throw new AppError('PAYMENT_CUSTOMER_NOT_ENROLLED');
  const enrollment = await repository.lockEnrollmentForPayment(tx, organizationId, values.enrollmentId);
  if (!enrollment || enrollment.customerId !== values.customerId) throw new AppError('ENROLLMENT_NOT_FOUND');
  const months = billingCycleMonths(enrollment.billingCycle);
  const cycleStart =
    values.cycleStart ??
    firstUnpaidCycleStart(
      { ...enrollment, months },
      await paidByCycle(tx, organizationId, enrollment.enrollmentId),
    );
  const cycle = cycleStartingOn(enrollment.startDate, months, cycleStart);
  if (!cycle) throw new AppError('PAYMENT_CYCLE_INVALID', undefined, { path: 'cycleStart' });
  return { planId: enrollment.planId, cycleStart, cycleEnd: cycle.end };
}

export async function createPayment(db: Database, access: OrgAccess, values: PaymentValues, actor: Actor) {
  const { organizationId } = access;
  const id = uuidv7();
  await db.transaction(async (tx) => {
    const placed = await placePayment(tx, access, values);
    await repository.insertPayment(tx, {
      ...values,
      ...placed,
      organizationId,
      id,
      createdAt: actor.now,
      updatedAt: actor.now,
    });
    const after = { amountCents: values.amountCents, status: values.status };
    await audit(tx, access, actor, { action: 'payment.created', paymentId: id, before: null, after });
  });
  return readPayment(db, organizationId, id);
}

const amountsOf = (payment: { amountCents: number; status: string }) => ({
  amountCents: payment.amountCents,
  status: payment.status,
});

async function lockPayment(tx: Transaction, access: OrgAccess, id: string) {
  const current = isUuid(id) ? await repository.lockPayment(tx, access.organizationId, id) : null;
  if (!current) throw new AppError('PAYMENT_NOT_FOUND');
  return current;
}

export async function updatePayment(
  db: Database,
  access: OrgAccess,
  id: string,
  values: PaymentValues,
  actor: Actor,
) {
  await db.transaction(async (tx) => {
    const current = await lockPayment(tx, access, id);
    // An edit without a cycle keeps the one it paid: the first unpaid cycle would count this payment too.
    const isSameEnrollment = values.enrollmentId === current.enrollmentId;
    const cycleStart = values.cycleStart ?? (isSameEnrollment ? current.cycleStart : null);
    const placed = await placePayment(tx, access, { ...values, cycleStart });
    const before = amountsOf(current);
    await repository.updatePayment(
      tx,
      { organizationId: access.organizationId, id },
      {
        ...values,
        ...placed,
        updatedAt: actor.now,
      },
    );
    const after = { amountCents: values.amountCents, status: values.status };
    await audit(tx, access, actor, { action: 'payment.updated', paymentId: id, before, after });
  });
  return readPayment(db, access.organizationId, id);
}

/** A refund reopens the cycle it paid: only COMPLETED payments count toward a cycle. */
export async function refundPayment(db: Database, access: OrgAccess, id: string, actor: Actor) {
  await db.transaction(async (tx) => {
    const before = amountsOf(await lockPayment(tx, access, id));
    if (before.status !== 'COMPLETED') throw new AppError('PAYMENT_NOT_REFUNDABLE');
    await repository.updatePayment(
      tx,
      { organizationId: access.organizationId, id },
      {
        status: 'REFUNDED',
        updatedAt: actor.now,
      },
    );
    const after = { amountCents: before.amountCents, status: 'REFUNDED' };
    await audit(tx, access, actor, { action: 'payment.refunded', paymentId: id, before, after });
  });
  return readPayment(db, access.organizationId, id);
}

export async function deletePayment(db: Database, access: OrgAccess, id: string, actor: Actor) {
  await db.transaction(async (tx) => {
    const before = amountsOf(await lockPayment(tx, access, id));
    await repository.deletePayment(tx, { organizationId: access.organizationId, id });
    await audit(tx, access, actor, { action: 'payment.deleted', paymentId: id, before, after: null });
  });
}

/** Each enrollment's billing cycles with what is paid, due and overdue, in the organization's calendar. */
export async function getCustomerBilling(
  db: Database,
  access: OrgAccess,
  customerId: string,
  now: Date,
): Promise<CustomerBilling> {
  const { organizationId } = access;
  if (!isUuid(customerId)) throw new AppError('CUSTOMER_NOT_FOUND');
  const [rows, timeZone, customerName] = await Promise.all([
    repository.listCustomerEnrollments(db, organizationId, customerId),
    organizationTimeZone(db, organizationId),
    repository.findCustomerName(db, organizationId, customerId),
  ]);
  if (customerName === null) throw new AppError('CUSTOMER_NOT_FOUND');
  const today = todayIn(timeZone, now);
  const horizon = addDays(today, UPCOMING_CYCLE_DAYS);
  const paid = await repository.paidByEnrollmentCycle(
    db,
    organizationId,
    rows.map((row) => row.enrollmentId),
  );
  return {
    customerName,
    enrollments: rows.map((row) => {
      const mine = paid.get(row.enrollmentId) ?? new Map<string, number>();
      const months = billingCycleMonths(row.billingCycle);
      return {
        enrollmentId: row.enrollmentId,
        planId: row.planId,
        planName: row.planName,
        scheduleName: row.scheduleName,
        status: row.status,
        currency: row.currency,
        priceCents: row.priceCents,
        cycles: billingCycleStates({ ...row, months }, mine, today, horizon),
      };
    }),
  };
}

export async function getPixSettings(db: Database, access: OrgAccess) {
  const row = await repository.findPixSettings(db, access.organizationId);
  if (!row) throw new AppError('ORGANIZATION_NOT_FOUND');
  const { organizationName, ...settings } = row;
  return settings;
}

export async function updatePixSettings(
  db: Database,
  access: OrgAccess,
  values: PixSettingsValues,
  now: Date,
) {
  await repository.updatePixSettings(db, access.organizationId, values, now);
  return getPixSettings(db, access);
}
