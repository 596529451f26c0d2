import { addDays } from '@reformer/domain/calendar-dates';
import { AppError } from '@reformer/domain/errors';
import { splitRefund } from '@reformer/domain/payment-credits';
import { PIX_REFUND_WINDOW_DAYS } from '@reformer/domain/pix-charges';
import { todayIn } from '@reformer/domain/time-zones';
import { v7 as uuidv7 } from 'uuid';
import type { Database, Transaction } from '../../db/client.ts';
import { centsToAmount } from '../../integrations/pix/pix-amounts.ts';
import type { PixClient } from '../../integrations/pix/pix-client.ts';
import { PixError } from '../../integrations/pix/pix-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { Logger } from '../../observability/logger.ts';
import * as paymentsRepository from '../payments/payments.repository.ts';
import { giveBack, type LockedPayment, lockPayment } from '../payments/payments.service.ts';
import type { PixGateway } from '../pix-psp/pix-gateway.ts';
import * as repository from './pix-charges.repository.ts';
import { openPspClient } from './psp-client.ts';

/** Our refund id: letters and digits, at most 35 (`DevolucaoId`); a UUID v7 without its dashes. */
const newRefundId = () => uuidv7().replaceAll('-', '');

const FINAL = new Set(['DEVOLVIDO', 'NAO_REALIZADO']);

/**
 * Applies what the PSP says of a refund (decision 030), once: DEVOLVIDO gives the money back on its payment
 * (credit first, then the cycle reopens — payments `giveBack`), NAO_REALIZADO changes nothing but the refund's
 * status. A refund already final, or not ours, is left as it is.
 */
export async function settleRefund(
  db: Database,
  organizationId: string,
  refundId: string,
  status: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const refund = await repository.lockRefund(tx, organizationId, refundId);
    if (!refund || FINAL.has(refund.status) || refund.status === status) return;
    const key = { organizationId, refundId };
    if (status !== 'DEVOLVIDO') {
      await repository.setRefundStatus(tx, key, status, FINAL.has(status) ? now : null);
      return;
    }
    const payment = await lockPayment(tx, { organizationId }, refund.paymentId);
    const { before, after } = await giveBack(tx, organizationId, payment, refund.amountCents, now);
    await repository.setRefundStatus(tx, key, status, now);
    await recordAudit(tx, {
      organizationId,
      actorId: null,
      action: 'payment.refunded_by_psp',
      entityType: 'payment',
      entityId: refund.paymentId,
      ipAddress: '',
      at: now,
      details: { before, after, refundId },
    });
  });
}

/**
 * Asks the PSP to give back part or all of a Pix it reported. Our row comes first (REQUESTED), in the
 * transaction that checks the amount against what the payment still holds less refunds on their way, so two
 * requests cannot give back more than was paid; then the PSP is asked — before the request's organization
 * transaction commits, so the route asks again after it (`followRefundAfterCommit`). Nothing is given back until
 * the PSP says DEVOLVIDO. A PSP that cannot be reached leaves the request for the job to send again.
 */
export async function requestPixRefund(
  deps: { db: Database; client: () => Promise<PixClient> },
  access: OrgAccess,
  paymentId: string,
  amountCents: number | null,
  actor: Actor,
) {
  const { db } = deps;
  const { organizationId } = access;
  const timeZone = await organizationTimeZone(db, organizationId);
  // The connection first: without one, no refund row is left waiting for a PSP that is not there.
  const client = await deps.client();
  try {
    const request = await recordRefundRequest(db, access, paymentId, amountCents, actor, timeZone);
    await sendRefund(db, client, request, actor.now);
    return { refundId: request.refundId, amountCents: request.amountCents };
  } finally {
    await client.close();
  }
}

async function recordRefundRequest(
  db: Database,
  access: OrgAccess,
  paymentId: string,
  amountCents: number | null,
  actor: Actor,
  timeZone: string,
) {
  return db.transaction(async (tx) => {
    const payment = await lockPayment(tx, access, paymentId);
    if (!payment.endToEndId) throw new AppError('PIX_REFUND_NOT_PSP_PAYMENT');
    if (addDays(payment.paidOn, PIX_REFUND_WINDOW_DAYS) < todayIn(timeZone, actor.now)) {
      throw new AppError('PIX_REFUND_WINDOW_CLOSED');
    }
    return queuePixRefund(
      tx,
      access.organizationId,
      { ...payment, endToEndId: payment.endToEndId },
      amountCents,
      actor,
    );
  });
}

/**
 * Our refund row (REQUESTED), in the caller's transaction, checked against what the payment still holds less
 * refunds on their way, so two requests cannot give back more than was paid. Nothing is sent here: the caller
 * sends it, or leaves it to the job (`followOpenRefunds` sends every REQUESTED one). `userId` null: the
 * customer asked (a contract's withdrawal, decision 043).
 */
export async function queuePixRefund(
  tx: Transaction,
  organizationId: string,
  payment: LockedPayment & { endToEndId: string },
  amountCents: number | null,
  actor: { userId: string | null; ipAddress: string; now: Date },
) {
  if (payment.status !== 'COMPLETED') throw new AppError('PAYMENT_NOT_REFUNDABLE');
  await paymentsRepository.lockCustomer(tx, organizationId, payment.customerId);
  const balances = await paymentsRepository.creditBalances(tx, organizationId, payment.customerId);
  const pendingCents = await repository.pendingRefundCents(tx, organizationId, payment.id);
  const { refundCents } = splitRefund(
    { ...payment, refundedCents: payment.refundedCents + pendingCents },
    amountCents,
    balances.get(payment.currency) ?? 0,
  );
  const row = {
    organizationId,
    refundId: newRefundId(),
    endToEndId: payment.endToEndId,
    paymentId: payment.id,
    amountCents: refundCents,
    status: 'REQUESTED',
    requestedBy: actor.userId,
    createdAt: actor.now,
  };
  await repository.insertRefund(tx, row);
  await recordAudit(tx, {
    organizationId,
    actorId: actor.userId,
    action: 'payment.refund_requested',
    entityType: 'payment',
    entityId: payment.id,
    ipAddress: actor.ipAddress,
    at: actor.now,
    details: { refundId: row.refundId, amountCents: refundCents },
  });
  return row;
}

/**
 * Failures after which the PSP may have taken the refund (or will, when it is back): the same id is sent again
 * by the job, which the PSP treats as the same refund. Any other failure means it was not taken.
 */
const MAYBE_TAKEN = new Set([
  'PSP_UNREACHABLE',
  'PSP_TIMEOUT',
  'PSP_UNAVAILABLE',
  'PSP_RATE_LIMITED',
  'PSP_UNEXPECTED_ANSWER',
]);

/**
 * PUT /pix/{e2eid}/devolucao/{id} (the same id again is the same refund), then what the PSP answered. A refund
 * the PSP refused, or could not have taken (our credentials, its scopes), is NAO_REALIZADO at once, so staff may
 * ask again without two refunds ever being on their way; one that may have been taken stays REQUESTED.
 */
export async function sendRefund(
  db: Database,
  client: PixClient,
  refund: { organizationId: string; refundId: string; endToEndId: string; amountCents: number },
  now: Date,
) {
  try {
    const answer = await client.requestRefund(refund.endToEndId, refund.refundId, {
      valor: centsToAmount(refund.amountCents),
      natureza: 'ORIGINAL',
    });
    await settleRefund(db, refund.organizationId, refund.refundId, answer.status, now);
  } catch (error) {
    if (!(error instanceof PixError)) throw error;
    if (MAYBE_TAKEN.has(error.code)) return;
    await settleRefund(db, refund.organizationId, refund.refundId, 'NAO_REALIZADO', now);
    if (error.code === 'PSP_REJECTED') {
      throw new AppError('PIX_REFUND_REFUSED', undefined, { reason: error.message });
    }
    throw new AppError('PSP_REQUEST_FAILED', undefined, { failure: error.code });
  }
}

type RefundRow = NonNullable<Awaited<ReturnType<typeof repository.findRefund>>>;

/** The refund as the PSP has it now, applied (`settleRefund`: once). */
async function askRefund(db: Database, client: PixClient, refund: RefundRow, now: Date) {
  const answer = await client.getRefund(refund.endToEndId, refund.refundId);
  if (answer) await settleRefund(db, refund.organizationId, refund.refundId, answer.status, now);
}

/** The job's part: sends again what never reached the PSP, and asks how the others went. */
export async function followOpenRefunds(db: Database, client: PixClient, organizationId: string, now: Date) {
  for (const refund of await repository.openRefunds(db, organizationId)) {
    if (refund.status === 'REQUESTED') {
      await sendRefund(db, client, refund, now).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
      continue;
    }
    await askRefund(db, client, refund, now);
  }
}

/**
 * Run once the request that asked for `refundId` has committed: a PSP may settle a refund and post its notice
 * while that request — which holds the refund's row, in its organization's transaction — is still open; the
 * notice then finds no refund of ours and is answered as such, and nothing would settle the refund before the
 * job's next round. So the request asks the PSP once more when its row is there to be found. A refund already
 * final (the PSP's answer or its notice settled it) costs no call; one never taken is the job's to send again.
 */
export async function followRefundAfterCommit(
  deps: { db: Database; secretBox: SecretBox | null; gateway: PixGateway; now: () => Date; logger: Logger },
  organizationId: string,
  refundId: string,
) {
  const refund = await repository.findRefund(deps.db, organizationId, refundId);
  if (!refund || FINAL.has(refund.status) || refund.status === 'REQUESTED') return;
  try {
    const { client } = await openPspClient(deps, organizationId);
    try {
      await askRefund(deps.db, client, refund, deps.now());
    } finally {
      await client.close();
    }
  } catch (error) {
    if (!(error instanceof PixError || error instanceof AppError)) throw error;
    // Not lost: the reconciliation job asks of every open refund.
    deps.logger.warn(
      { organizationId, refundId, code: error.code },
      'refund not followed after its request; the reconciliation job will',
    );
  }
}
