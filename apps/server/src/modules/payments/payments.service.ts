import { addDays } from '@reformer/domain/calendar-dates';
import { billingCycleMonths } from '@reformer/domain/customer-plans';
import { searchWords } from '@reformer/domain/customers';
import { AppError } from '@reformer/domain/errors';
import { creditToApply, splitPayment, splitRefund } from '@reformer/domain/payment-credits';
import {
  type ApplyCreditValues,
  billingCycleStates,
  type CustomerBilling,
  cycleStartingOn,
  firstUnpaidCycleStart,
  type PayableCustomerQuery,
  type Payment,
  type PaymentListQuery,
  type PaymentValues,
  type RefundPaymentValues,
  UPCOMING_CYCLE_DAYS,
} from '@reformer/domain/payments';
import type { PixSettingsValues } from '@reformer/domain/pix';
import { todayIn } from '@reformer/domain/time-zones';
import { v7 as uuidv7 } from 'uuid';
import { isUuid } from '../../auth/access.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { isBankHoliday } from '../../lib/bank-holidays.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import { customerPurchases } from '../purchases/purchases.service.ts';
import * as repository from './payments.repository.ts';

type Amounts = {
  amountCents: number;
  status: string;
  creditedCents: number;
  refundedCents: number;
} | null;

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

/** What is paid and charged of each cycle of one enrollment. */
async function ledgerOf(db: Database | Transaction, organizationId: string, enrollmentId: string) {
  const ledgers = await repository.cycleLedgers(db, organizationId, [enrollmentId]);
  return ledgers.get(enrollmentId) ?? { paid: new Map<string, number>(), charged: new Map<string, number>() };
}

export type LockedPayment = NonNullable<Awaited<ReturnType<typeof repository.lockPayment>>>;

/** What a payment puts on its cycle: its amount less what went to credit and what was given back. */
const toCycleCents = (payment: Pick<LockedPayment, 'amountCents' | 'creditedCents' | 'refundedCents'>) =>
  payment.amountCents - payment.creditedCents - payment.refundedCents;

type PaymentTarget = {
  planId: string;
  /** What the payment pays, judged by decision 028's rule: a cycle, or a purchase's whole period. */
  cycle: { start: string; end: string; amountCents: number; paidCents: number };
};

/**
 * Step 1 and 2 of the flow: the customer must have an enrollment (409 otherwise, spec document 2 §2) and
 * the payment must pay one of theirs, in the plan's currency; the cycle is the one named, or the first not
 * paid yet. The cycle is charged (its amount fixed) if it was not (decision 028).
 */
async function cycleTarget(
  tx: Transaction,
  organizationId: string,
  values: PaymentValues,
  now: Date,
  current?: LockedPayment,
): Promise<PaymentTarget> {
  const enrollmentCount = await repository.customerEnrollmentCount(tx, organizationId, values.customerId);
  if (enrollmentCount === null) throw new AppError('CUSTOMER_NOT_FOUND');
  if (enrollmentCount === 0) throw new AppError('PAYMENT_CUSTOMER_NOT_ENROLLED');
  // The schema asks for an enrollment whenever no purchase is named.
  if (!values.enrollmentId) throw new AppError('ENROLLMENT_NOT_FOUND');
  const enrollment = await repository.lockEnrollmentForPayment(tx, organizationId, values.enrollmentId);
  if (!enrollment || enrollment.customerId !== values.customerId) throw new AppError('ENROLLMENT_NOT_FOUND');
  assertCurrency(values, enrollment.currency);
  const months = billingCycleMonths(enrollment.billingCycle);
  const ledger = await ledgerOf(tx, organizationId, enrollment.enrollmentId);
  if (current?.status === 'COMPLETED' && current.enrollmentId === enrollment.enrollmentId) {
    const paid = ledger.paid.get(current.cycleStart) ?? 0;
    ledger.paid.set(current.cycleStart, paid - toCycleCents(current));
  }
  const cycleStart =
    values.cycleStart ?? firstUnpaidCycleStart({ ...enrollment, months }, ledger.paid, ledger.charged);
  const cycle = cycleStartingOn(enrollment.startDate, months, cycleStart);
  if (!cycle) throw new AppError('PAYMENT_CYCLE_INVALID', undefined, { path: 'cycleStart' });
  const cycleAmountCents = ledger.charged.get(cycleStart) ?? enrollment.priceCents;
  await repository.chargeCycle(tx, {
    organizationId,
    enrollmentId: enrollment.enrollmentId,
    cycleStart,
    cycleEnd: cycle.end,
    customerId: enrollment.customerId,
    amountCents: cycleAmountCents,
    currency: enrollment.currency,
    chargedAt: now,
  });
  const paidCents = ledger.paid.get(cycleStart) ?? 0;
  return { planId: enrollment.planId, cycle: { ...cycle, amountCents: cycleAmountCents, paidCents } };
}

/**
 * A purchase is paid once (decision 029): its price fixed at the sale is what it owes, over its period. The
 * customer's row is locked before the purchase's, the order adding them to a session takes (decision 013).
 */
async function purchaseTarget(
  tx: Transaction,
  organizationId: string,
  values: PaymentValues & { purchaseId: string },
  current?: LockedPayment,
): Promise<PaymentTarget> {
  await repository.lockCustomer(tx, organizationId, values.customerId);
  const purchase = await repository.lockPurchaseForPayment(tx, organizationId, values.purchaseId);
  if (!purchase || purchase.customerId !== values.customerId) throw new AppError('PURCHASE_NOT_FOUND');
  assertCurrency(values, purchase.currency);
  const isCounted = current?.status === 'COMPLETED' && current.purchaseId === values.purchaseId;
  const paidCents = purchase.paidCents - (isCounted ? toCycleCents(current) : 0);
  const cycle = {
    start: purchase.startsOn,
    end: purchase.expiresOn,
    amountCents: purchase.priceCents,
    paidCents,
  };
  return { planId: purchase.planId, cycle };
}

function assertCurrency(values: PaymentValues, currency: PaymentValues['currency']) {
  if (values.currency !== currency) throw new AppError('PAYMENT_CURRENCY_MISMATCH', undefined, { currency });
}

/**
 * Where the payment goes (an enrollment's cycle or a purchase) and how its money splits between that and the
 * customer's credit (decision 028). `current`: the payment being edited, which no longer counts for itself.
 */
async function placePayment(
  tx: Transaction,
  organizationId: string,
  values: PaymentValues,
  now: Date,
  current?: LockedPayment,
) {
  const { purchaseId } = values;
  const target = purchaseId
    ? await purchaseTarget(tx, organizationId, { ...values, purchaseId }, current)
    : await cycleTarget(tx, organizationId, values, now, current);
  const refundedCents = values.status === 'REFUNDED' ? values.amountCents : (current?.refundedCents ?? 0);
  if (refundedCents > values.amountCents) {
    throw new AppError('PAYMENT_AMOUNT_BELOW_REFUNDED', undefined, { refundedCents });
  }
  const { toCreditCents } =
    values.status === 'COMPLETED'
      ? splitPayment(
          {
            amountCents: values.amountCents - refundedCents,
            recordExcessAsCredit: values.recordExcessAsCredit,
          },
          target.cycle,
        )
      : { toCreditCents: 0 };
  return {
    planId: target.planId,
    cycleStart: target.cycle.start,
    cycleEnd: target.cycle.end,
    creditedCents: toCreditCents,
    refundedCents,
  };
}

/**
 * A change that lowers what a payment sent to credit (an edit, a deletion) may not take back credit the
 * customer already spent: their balance must stay at or above zero.
 */
async function keepCreditCovered(
  tx: Transaction,
  organizationId: string,
  current: LockedPayment,
  newCreditedCents: number,
) {
  const lowered = (current.status === 'COMPLETED' ? current.creditedCents : 0) - newCreditedCents;
  if (lowered <= 0) return;
  await repository.lockCustomer(tx, organizationId, current.customerId);
  const balances = await repository.creditBalances(tx, organizationId, current.customerId);
  if ((balances.get(current.currency) ?? 0) < lowered) throw new AppError('PAYMENT_CREDIT_SPENT');
}

export async function createPayment(db: Database, access: OrgAccess, values: PaymentValues, actor: Actor) {
  const { organizationId } = access;
  const id = uuidv7();
  await db.transaction(async (tx) => {
    const placed = await placePayment(tx, organizationId, values, actor.now);
    await repository.insertPayment(tx, {
      ...values,
      ...placed,
      organizationId,
      id,
      createdAt: actor.now,
      updatedAt: actor.now,
    });
    const after = amountsOf({ ...values, ...placed });
    await audit(tx, access, actor, { action: 'payment.created', paymentId: id, before: null, after });
  });
  return readPayment(db, organizationId, id);
}

/**
 * A Pix the organization's PSP reported as paying one of its charges (decision 030): recorded as a COMPLETED
 * PIX payment of the charge's cycle, by no member. Money that arrived is never refused: what the cycle does not
 * owe (paid meanwhile in cash, or twice) goes to the customer's credit. The caller holds the transaction in which
 * the Pix's end-to-end id was recorded, so it counts once.
 */
export async function recordPspPayment(
  tx: Transaction,
  organizationId: string,
  values: Omit<PaymentValues, 'method' | 'status' | 'recordExcessAsCredit' | 'notes'> & {
    endToEndId: string;
  },
  now: Date,
): Promise<string> {
  const id = uuidv7();
  const full: PaymentValues = {
    ...values,
    method: 'PIX',
    status: 'COMPLETED',
    notes: null,
    recordExcessAsCredit: true,
  };
  const placed = await placePayment(tx, organizationId, full, now);
  await repository.insertPayment(tx, {
    ...full,
    ...placed,
    endToEndId: values.endToEndId,
    organizationId,
    id,
    createdAt: now,
    updatedAt: now,
  });
  await recordAudit(tx, {
    organizationId,
    actorId: null,
    action: 'payment.received_from_psp',
    entityType: 'payment',
    entityId: id,
    ipAddress: '',
    at: now,
    details: { before: null, after: amountsOf({ ...full, ...placed }) },
  });
  return id;
}

const amountsOf = (payment: {
  amountCents: number;
  status: string;
  creditedCents: number;
  refundedCents: number;
}) => ({
  amountCents: payment.amountCents,
  status: payment.status,
  creditedCents: payment.creditedCents,
  refundedCents: payment.refundedCents,
});

export async function lockPayment(tx: Transaction, access: Pick<OrgAccess, 'organizationId'>, id: string) {
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
    const placed = await placePayment(
      tx,
      access.organizationId,
      { ...values, cycleStart },
      actor.now,
      current,
    );
    await keepCreditCovered(tx, access.organizationId, current, placed.creditedCents);
    await repository.updatePayment(
      tx,
      { organizationId: access.organizationId, id },
      { ...values, ...placed, updatedAt: actor.now },
    );
    const after = amountsOf({ ...values, ...placed });
    await audit(tx, access, actor, {
      action: 'payment.updated',
      paymentId: id,
      before: amountsOf(current),
      after,
    });
  });
  return readPayment(db, access.organizationId, id);
}

/**
 * Gives back part or all of a locked COMPLETED payment (decision 028): first what went to credit, as far as the
 * balance still holds it, then what paid the cycle, which reopens for that much. A payment given back whole is
 * REFUNDED. Returns the amounts before and after, for the audit.
 */
export async function giveBack(
  tx: Transaction,
  organizationId: string,
  current: LockedPayment,
  amountCents: number | null,
  now: Date,
) {
  if (current.status !== 'COMPLETED') throw new AppError('PAYMENT_NOT_REFUNDABLE');
  await repository.lockCustomer(tx, organizationId, current.customerId);
  const balances = await repository.creditBalances(tx, organizationId, current.customerId);
  const refund = splitRefund(current, amountCents, balances.get(current.currency) ?? 0);
  const refundedCents = current.refundedCents + refund.refundCents;
  const after = {
    ...current,
    creditedCents: current.creditedCents - refund.fromCreditCents,
    refundedCents,
    status: refundedCents === current.amountCents ? ('REFUNDED' as const) : current.status,
  };
  await repository.updatePayment(
    tx,
    { organizationId, id: current.id },
    {
      status: after.status,
      creditedCents: after.creditedCents,
      refundedCents: after.refundedCents,
      updatedAt: now,
    },
  );
  return { before: amountsOf(current), after: amountsOf(after) };
}

/**
 * A refund typed by staff, full or partial. A payment the PSP reported goes back through the PSP
 * (pix-charges `requestPixRefund`) while one is connected: marking it refunded here would not return the money.
 */
export async function refundPayment(
  db: Database,
  access: OrgAccess,
  id: string,
  input: RefundPaymentValues,
  actor: Actor,
) {
  const { organizationId } = access;
  await db.transaction(async (tx) => {
    const current = await lockPayment(tx, access, id);
    if (current.endToEndId && (await repository.hasPspConnection(tx, organizationId))) {
      throw new AppError('PAYMENT_REFUND_THROUGH_PSP');
    }
    const { before, after } = await giveBack(tx, organizationId, current, input.amountCents, actor.now);
    await audit(tx, access, actor, { action: 'payment.refunded', paymentId: id, before, after });
  });
  return readPayment(db, organizationId, id);
}

export async function deletePayment(db: Database, access: OrgAccess, id: string, actor: Actor) {
  await db.transaction(async (tx) => {
    const current = await lockPayment(tx, access, id);
    await keepCreditCovered(tx, access.organizationId, current, 0);
    await repository.deletePayment(tx, { organizationId: access.organizationId, id });
    await audit(tx, access, actor, {
      action: 'payment.deleted',
      paymentId: id,
      before: amountsOf(current),
      after: null,
    });
  });
}

/**
 * The customer's credit pays what it can of one cycle (decision 028): under the enrollment's lock, as a
 * payment would, and the customer's, as every spend of the balance is.
 */
export async function applyCredit(
  db: Database,
  access: OrgAccess,
  customerId: string,
  input: ApplyCreditValues,
  actor: Actor,
) {
  const { organizationId } = access;
  if (!isUuid(customerId)) throw new AppError('CUSTOMER_NOT_FOUND');
  await db.transaction(async (tx) => {
    const enrollment = await repository.lockEnrollmentForPayment(tx, organizationId, input.enrollmentId);
    if (!enrollment || enrollment.customerId !== customerId) throw new AppError('ENROLLMENT_NOT_FOUND');
    const months = billingCycleMonths(enrollment.billingCycle);
    const cycle = cycleStartingOn(enrollment.startDate, months, input.cycleStart);
    if (!cycle) throw new AppError('PAYMENT_CYCLE_INVALID', undefined, { path: 'cycleStart' });
    const ledger = await ledgerOf(tx, organizationId, enrollment.enrollmentId);
    const key = { organizationId, enrollmentId: enrollment.enrollmentId, cycleStart: cycle.start };
    const amountCents = ledger.charged.get(cycle.start) ?? enrollment.priceCents;
    await repository.chargeCycle(tx, {
      ...key,
      cycleEnd: cycle.end,
      customerId,
      amountCents,
      currency: enrollment.currency,
      chargedAt: actor.now,
    });
    await repository.lockCustomer(tx, organizationId, customerId);
    const balances = await repository.creditBalances(tx, organizationId, customerId);
    const appliedCents = creditToApply(balances.get(enrollment.currency) ?? 0, {
      amountCents,
      paidCents: ledger.paid.get(cycle.start) ?? 0,
    });
    await repository.addCreditApplied(tx, key, appliedCents);
    await recordAudit(tx, {
      organizationId,
      actorId: actor.userId,
      action: 'credit.applied',
      entityType: 'enrollment',
      entityId: enrollment.enrollmentId,
      ipAddress: actor.ipAddress,
      at: actor.now,
      details: { cycleStart: cycle.start, appliedCents, currency: enrollment.currency },
    });
  });
  return getCustomerBilling(db, access, customerId, actor.now);
}

/**
 * Each enrollment's billing cycles with what is paid, due and overdue, in the organization's calendar, and
 * the customer's purchases with what is paid of each.
 */
export async function getCustomerBilling(
  db: Database,
  access: Pick<OrgAccess, 'organizationId'>,
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
  const [ledgers, balances, purchases] = await Promise.all([
    repository.cycleLedgers(
      db,
      organizationId,
      rows.map((row) => row.enrollmentId),
    ),
    repository.creditBalances(db, organizationId, customerId),
    customerPurchases(db, organizationId, customerId, now),
  ]);
  return {
    customerName,
    purchases,
    credits: [...balances]
      .filter(([, balanceCents]) => balanceCents > 0)
      .map(([currency, balanceCents]) => ({ currency, balanceCents })),
    enrollments: rows.map((row) => {
      const ledger = ledgers.get(row.enrollmentId);
      const months = billingCycleMonths(row.billingCycle);
      return {
        enrollmentId: row.enrollmentId,
        planId: row.planId,
        planName: row.planName,
        scheduleName: row.scheduleName,
        status: row.status,
        currency: row.currency,
        priceCents: row.priceCents,
        cycles: billingCycleStates(
          { ...row, months },
          ledger?.paid ?? new Map(),
          today,
          horizon,
          isBankHoliday,
          ledger?.charged ?? new Map(),
        ),
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
