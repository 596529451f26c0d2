import { AppError } from '@reformer/domain/errors';
import { studioPixCode } from '@reformer/domain/pix';
import { chargePayer } from '@reformer/domain/pix-charges';
import {
  dueReference,
  hasReceipt,
  type PaymentReceipt,
  type PortalCharge,
  type PortalChargeValues,
  type PortalDueItem,
  type PortalPayments,
  payByFor,
  portalDues,
} from '@reformer/domain/portal-payments';
import { todayIn } from '@reformer/domain/time-zones';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { PixError } from '../../integrations/pix/pix-error.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { readPaymentReceipt } from '../payments/payment-receipts.ts';
import { chargeCycle, findPixSettings } from '../payments/payments.repository.ts';
import { getCustomerBilling } from '../payments/payments.service.ts';
import * as charges from '../pix-charges/pix-charges.repository.ts';
import {
  type ChargeToIssue,
  cycleChargeToIssue,
  issueCharge,
  purchaseChargeToIssue,
} from '../pix-charges/pix-charges-job.ts';
import { openPspClient } from '../pix-charges/psp-client.ts';
import type { PixGateway } from '../pix-psp/pix-gateway.ts';
import { findConnection, type PspConnectionRow } from '../pix-psp/pix-psp.repository.ts';
import { type PortalCustomer, type PortalDeps, underPortalSession } from './portal-access.ts';
import { listCustomerPayments, listLiveRecurrences } from './portal-payments.repository.ts';

/**
 * "Pay" in the customer portal (decision 042): what the customer owes now, each with the studio's PSP charge
 * (opened on request through the charge job's own `issueCharge`, one per cycle or pack) or its static BR
 * Code; their payments and receipts. Everything is read as the cookie's customer, under the organization's wall.
 */

export type PortalPaymentDeps = PortalDeps & { secretBox: SecretBox | null; gateway: PixGateway };

/** How many of their payments the history shows (years of monthly fees). */
const HISTORY_SHOWN = 100;

async function readDues(tx: Transaction, customer: PortalCustomer, now: Date) {
  const { organizationId, customerId } = customer;
  const billing = await getCustomerBilling(tx, customer, customerId, now);
  const connection = await findConnection(tx, organizationId);
  const payer = await charges.findCustomerPayer(tx, organizationId, customerId);
  const settings = await findPixSettings(tx, organizationId);
  const timeZone = await organizationTimeZone(tx, organizationId);
  if (!payer || !settings) throw new AppError('PORTAL_SESSION_REQUIRED');
  const merchant = { organizationName: settings.organizationName, timeZone };
  const dues = portalDues(billing).map((due) => {
    const payBy = payByFor({
      currency: due.currency,
      isPspConnected: connection !== null,
      hasChargePayer: chargePayer(payer) !== null,
      hasPixKey: settings.pixKey !== null,
    });
    const staticCode =
      payBy === 'STATIC' ? studioPixCode(settings, merchant, { ...due, reference: dueReference(due) }) : null;
    return { ...due, payBy: staticCode || payBy !== 'STATIC' ? payBy : ('NONE' as const), staticCode };
  });
  return { billing, dues, connection, payer, today: todayIn(timeZone, now) };
}

/** What the customer owes now, their Pix Automático authorizations (decision 048) and their payments, newest first. */
export function viewPayments(deps: PortalDeps, cookie: string | undefined): Promise<PortalPayments> {
  return underPortalSession(deps, cookie, async (tx, customer) => {
    const { dues } = await readDues(tx, customer, deps.now);
    const rows = await listCustomerPayments(tx, customer, HISTORY_SHOWN);
    const recurrences = await listLiveRecurrences(tx, customer);
    return {
      dues,
      pixAutomatico: recurrences,
      payments: rows.map(({ purchaseId, ...row }) => ({
        ...row,
        isPack: purchaseId !== null,
        hasReceipt: hasReceipt(row),
      })),
    };
  });
}

const isTarget = (input: PortalChargeValues) => (due: PortalDueItem) =>
  input.purchaseId
    ? due.purchaseId === input.purchaseId
    : due.enrollmentId === input.enrollmentId && due.cycleStart === input.cycleStart;

/**
 * The PSP charge of one cycle or pack the customer owes, opened if there is none yet. The due is read (and a
 * cycle charged, decision 028, so its amount holds) as the customer; the charge is then put as the charge
 * job puts it — same txid, same row, same `issueCharge` — under an advisory lock on the txid, so concurrent
 * clicks and tabs give one PUT at the PSP; the job's own run, which takes no lock, puts the same txid, which
 * the standard makes the same charge.
 */
export async function openCharge(
  deps: PortalPaymentDeps,
  cookie: string | undefined,
  input: PortalChargeValues,
): Promise<PortalCharge> {
  const { customer, toIssue } = await underPortalSession(deps, cookie, async (tx, customer) => {
    const { billing, dues, connection, payer, today } = await readDues(tx, customer, deps.now);
    const due = dues.find(isTarget(input));
    if (!due) throw new AppError('PORTAL_DUE_NOT_FOUND');
    if (due.payBy !== 'PSP' || !connection) throw new AppError('PORTAL_PAY_NOT_BY_PSP');
    if (due.enrollmentId && due.cycleStart && due.cycleEnd) {
      const cycle = billing.enrollments
        .find((enrollment) => enrollment.enrollmentId === due.enrollmentId)
        ?.cycles.find((one) => one.start === due.cycleStart);
      await chargeCycle(tx, {
        organizationId: customer.organizationId,
        enrollmentId: due.enrollmentId,
        cycleStart: due.cycleStart,
        cycleEnd: due.cycleEnd,
        customerId: customer.customerId,
        amountCents: cycle?.priceCents ?? due.amountCents,
        currency: due.currency,
        chargedAt: deps.now,
      });
    }
    return { customer, toIssue: chargeFor(connection, customer, due, payer, today) };
  });
  if (!toIssue) throw new AppError('PORTAL_PAY_NOT_BY_PSP');
  return ensureCharge(deps, customer, toIssue);
}

function chargeFor(
  connection: PspConnectionRow,
  customer: PortalCustomer,
  due: PortalDueItem,
  payer: Parameters<typeof chargePayer>[0],
  today: string,
): ChargeToIssue | null {
  const common = { ...payer, organizationId: customer.organizationId, customerId: customer.customerId };
  const owed = { owedCents: due.amountCents, planName: due.planName };
  if (due.purchaseId) {
    const purchase = { ...common, ...owed, purchaseId: due.purchaseId, startsOn: due.dueDate };
    return purchaseChargeToIssue(connection, purchase, today);
  }
  if (!due.enrollmentId || !due.cycleStart) return null;
  const cycle = { ...common, ...owed, enrollmentId: due.enrollmentId, cycleStart: due.cycleStart };
  return cycleChargeToIssue(connection, cycle, today);
}

/**
 * Reuses the charge when it is open for what is owed (or already paid, removed or refused: the job's rule,
 * `chargeToPut`, decides those alike); otherwise puts it at the PSP. PSP failures are PSP_REQUEST_FAILED.
 */
async function ensureCharge(
  deps: PortalPaymentDeps,
  customer: PortalCustomer,
  { row, request }: ChargeToIssue,
): Promise<PortalCharge> {
  const { organizationId, customerId } = customer;
  const found = await deps.db.transaction(async (lock) => {
    await lock.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`pix:${organizationId}:${row.txid}`}, 0))`,
    );
    const existing = await charges.findCustomerCharge(lock, organizationId, customerId, row.txid);
    const isToPut =
      !existing ||
      existing.status === 'PENDING' ||
      (existing.status === 'ACTIVE' && existing.amountCents !== row.amountCents);
    // The PSP is read and the charge written on this same connection: the requests queued behind the lock each
    // hold one of the pool's, and a second one taken here would wait for them (ten clicks on a pool of ten
    // waited for ever).
    if (isToPut) await putCharge({ ...deps, db: lock }, { row, request });
    return charges.findCustomerCharge(lock, organizationId, customerId, row.txid);
  });
  if (!found) throw new AppError('PIX_CHARGE_NOT_FOUND');
  return toPortalCharge(found);
}

async function putCharge(deps: PortalPaymentDeps, charge: ChargeToIssue) {
  const { client } = await openPspClient(deps, charge.row.organizationId);
  try {
    await issueCharge(deps.db, client, charge, deps.now);
  } catch (error) {
    if (error instanceof PixError)
      throw new AppError('PSP_REQUEST_FAILED', undefined, { failure: error.code });
    throw error;
  } finally {
    await client.close();
  }
}

const toPortalCharge = (row: charges.PixChargeRow): PortalCharge => ({
  txid: row.txid,
  status: row.status,
  brCode: row.status === 'ACTIVE' ? row.brCode : null,
  amountCents: row.amountCents,
  dueDate: row.dueDate,
});

/** The state of one of the customer's charges, which the page asks while its code is on screen. */
export function viewCharge(
  deps: PortalDeps,
  cookie: string | undefined,
  txid: string,
): Promise<PortalCharge> {
  return underPortalSession(deps, cookie, async (tx, customer) => {
    const row = await charges.findCustomerCharge(tx, customer.organizationId, customer.customerId, txid);
    if (!row) throw new AppError('PIX_CHARGE_NOT_FOUND');
    return toPortalCharge(row);
  });
}

/** The receipt of one of the customer's payments; another customer's is PAYMENT_NOT_FOUND. */
export function viewReceipt(
  deps: PortalDeps,
  cookie: string | undefined,
  paymentId: string,
): Promise<PaymentReceipt> {
  return underPortalSession(deps, cookie, (tx, customer) =>
    readPaymentReceipt(tx, customer.organizationId, paymentId, customer.customerId),
  );
}
