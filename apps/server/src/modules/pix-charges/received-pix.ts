import { cycleAdjustmentCents, type ReceivedPix } from '@reformer/domain/pix-charges';
import { todayIn } from '@reformer/domain/time-zones';
import type { Database, Transaction } from '../../db/client.ts';
import { amountToCents } from '../../integrations/pix/pix-amounts.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import { countReceivedPix } from '../../observability/metrics.ts';
import { recordPspPayment } from '../payments/payments.service.ts';
import { findFirstCycleByTxid } from '../pix-automatico/pix-automatico.repository.ts';
import { findRecurringChargeCycle } from '../pix-automatico/recurring-charges.repository.ts';
import * as repository from './pix-charges.repository.ts';
import { settleRefund } from './pix-refunds.ts';

export type PixSource = 'WEBHOOK' | 'RECONCILIATION';
export type RecordOutcome = 'PAID' | 'DUPLICATE' | 'UNMATCHED';

const componentCents = (pix: ReceivedPix) =>
  Object.fromEntries(
    Object.entries(pix.componentesValor ?? {}).map(([name, part]) => [name, amountToCents(part.valor)]),
  );

/**
 * Records one Pix the PSP reported (decision 030), in one transaction: its end-to-end id first (a Pix seen
 * before — by the webhook, reconciliation, a repeat, another instance — changes nothing more), then, when it paid
 * one of our charges, a PIX payment of that charge's cycle, whose amount the fine, interest or discount the PSP
 * applied adjusts first. Refunds it carries are settled too.
 */
export async function recordReceivedPix(
  db: Database,
  organizationId: string,
  pix: ReceivedPix,
  source: PixSource,
  now: Date,
): Promise<RecordOutcome> {
  const timeZone = await organizationTimeZone(db, organizationId);
  const outcome = await db.transaction(async (tx) => {
    const amountCents = amountToCents(pix.valor);
    const isNew = await repository.insertReceived(tx, {
      organizationId,
      endToEndId: pix.endToEndId,
      txid: pix.txid ?? null,
      amountCents,
      receivedAt: new Date(pix.horario),
      source,
    });
    if (!isNew) return 'DUPLICATE' as const;
    const paidOn = todayIn(timeZone, new Date(pix.horario));
    const charge = pix.txid ? await repository.lockChargeByTxid(tx, organizationId, pix.txid) : null;
    if (charge) {
      await payCharge(tx, charge, pix, amountCents, paidOn, now);
      return 'PAID' as const;
    }
    // The immediate charge a Pix Automático QR carries pays its recurrence's first cycle (decision 048).
    // So does a recurring charge's debit (`cobr`) its cycle — the same path, once by the end-to-end id.
    const recurringCycle = pix.txid
      ? ((await findFirstCycleByTxid(tx, organizationId, pix.txid)) ??
        (await findRecurringChargeCycle(tx, organizationId, pix.txid)))
      : null;
    if (!recurringCycle) return 'UNMATCHED' as const;
    const target = { organizationId, ...recurringCycle, purchaseId: null };
    await payCycle(tx, target, pix, amountCents, paidOn, now);
    return 'PAID' as const;
  });
  countReceivedPix(source, outcome);
  for (const refund of pix.devolucoes ?? []) {
    await settleRefund(db, organizationId, refund.id, refund.status, now);
  }
  return outcome;
}

async function payCharge(
  tx: Transaction,
  charge: repository.PixChargeRow,
  pix: ReceivedPix,
  amountCents: number,
  paidOn: string,
  now: Date,
) {
  const { organizationId, enrollmentId, cycleStart, purchaseId } = charge;
  // A cycle's amount moves by the fine, interest or discount the PSP applied; a pack is charged on its price alone.
  if (enrollmentId && cycleStart) {
    const cycle = { organizationId, enrollmentId, cycleStart };
    await repository.adjustCycleAmount(tx, cycle, cycleAdjustmentCents(componentCents(pix)));
  }
  const target = { organizationId, customerId: charge.customerId, enrollmentId, cycleStart, purchaseId };
  await payCycle(tx, target, pix, amountCents, paidOn, now);
  await repository.settleCharge(tx, { organizationId, txid: charge.txid }, { status: 'PAID', now });
}

type PaidTarget = {
  organizationId: string;
  customerId: string;
  enrollmentId: string | null;
  cycleStart: string | null;
  purchaseId: string | null;
};

/** A PIX payment of the cycle or purchase, linked to the Pix that paid it. */
async function payCycle(
  tx: Transaction,
  target: PaidTarget,
  pix: ReceivedPix,
  amountCents: number,
  paidOn: string,
  now: Date,
) {
  const { organizationId, ...paid } = target;
  const paymentId = await recordPspPayment(
    tx,
    organizationId,
    { ...paid, amountCents, currency: 'BRL', paidOn, endToEndId: pix.endToEndId },
    now,
  );
  await repository.linkReceivedPayment(tx, { organizationId, endToEndId: pix.endToEndId }, paymentId);
}
