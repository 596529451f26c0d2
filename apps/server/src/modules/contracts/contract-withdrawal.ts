import type { Transaction } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { cancelEnrollmentIn } from '../enrollments/enrollments.service.ts';
import { hasPspConnection } from '../payments/payments.repository.ts';
import { giveBack, lockPayment } from '../payments/payments.service.ts';
import { queuePixRefund } from '../pix-charges/pix-refunds.ts';
import * as repository from './contracts.repository.ts';

type Withdrawal = repository.CustomerKey & {
  signature: { id: string; enrollmentId: string | null };
  today: string;
  now: Date;
  ipAddress: string;
};

/**
 * A withdrawal within CDC art. 49's seven days (decision 043), in the caller's transaction: the enrollment
 * the contract was signed for ends (from today), and everything paid for it goes back through the payments'
 * own refund paths: a Pix the PSP reported is asked back of the PSP (queued; the PIX job sends it and the
 * payment gives the money back when the PSP settles it), any other payment is given back at once as staff's
 * refund does. A signature with no enrollment (signed before any) just records the withdrawal.
 */
export async function withdrawSignature(tx: Transaction, withdrawal: Withdrawal) {
  const { organizationId, signature, now, ipAddress } = withdrawal;
  let refundedCents = 0;
  let pspRefundsRequested = 0;
  let canceledEnrollment = false;
  if (signature.enrollmentId) {
    canceledEnrollment = await cancelEnrollmentIn(
      tx,
      organizationId,
      signature.enrollmentId,
      withdrawal.today,
      now,
    );
    const throughPsp = await hasPspConnection(tx, organizationId);
    for (const paymentId of await repository.listRefundablePaymentIds(
      tx,
      organizationId,
      signature.enrollmentId,
    )) {
      const payment = await lockPayment(tx, { organizationId }, paymentId);
      if (payment.endToEndId && throughPsp) {
        await queuePixRefund(tx, organizationId, { ...payment, endToEndId: payment.endToEndId }, null, {
          userId: null,
          ipAddress,
          now,
        });
        pspRefundsRequested += 1;
        continue;
      }
      const { before, after } = await giveBack(tx, organizationId, payment, null, now);
      refundedCents += after.refundedCents - before.refundedCents;
      await recordAudit(tx, {
        organizationId,
        actorId: null,
        action: 'payment.refunded',
        entityType: 'payment',
        entityId: paymentId,
        ipAddress,
        at: now,
        details: { before, after, reason: 'CONTRACT_WITHDRAWN' },
      });
    }
  }
  await repository.setWithdrawal(
    tx,
    { ...withdrawal, id: signature.id },
    { withdrawnAt: now, refundedCents, pspRefundsRequested, canceledEnrollment },
  );
  await recordAudit(tx, {
    organizationId,
    actorId: null,
    action: 'contract.withdrawn',
    entityType: 'contract_signature',
    entityId: signature.id,
    ipAddress,
    at: now,
    details: { customerId: withdrawal.customerId, refundedCents, pspRefundsRequested, canceledEnrollment },
  });
}
