import { AppError } from './errors.ts';

/**
 * Where a payment's money goes (decision 028): to its cycle up to what the cycle still owes, the rest to the
 * customer's credit balance. Money that arrives by itself (a PIX the bank confirmed) is never refused, so it
 * always splits; a payment staff type is refused when part of it would go to credit unless they say so, since
 * typing a paid cycle is most often a mistake (two staff recording one payment).
 */
export function splitPayment(
  payment: { amountCents: number; recordExcessAsCredit: boolean },
  cycle: { start: string; end: string; amountCents: number; paidCents: number },
): { toCycleCents: number; toCreditCents: number } {
  const owedCents = Math.max(0, cycle.amountCents - cycle.paidCents);
  const toCycleCents = Math.min(payment.amountCents, owedCents);
  const toCreditCents = payment.amountCents - toCycleCents;
  if (toCreditCents > 0 && !payment.recordExcessAsCredit) {
    const details = {
      cycleStart: cycle.start,
      cycleEnd: cycle.end,
      cycleAmountCents: cycle.amountCents,
      paidCents: cycle.paidCents,
      owedCents,
    };
    throw new AppError(
      owedCents === 0 ? 'PAYMENT_CYCLE_PAID' : 'PAYMENT_EXCEEDS_AMOUNT_DUE',
      undefined,
      details,
    );
  }
  return { toCycleCents, toCreditCents };
}

/**
 * A refund (full or partial) of a payment. What paid its cycle can come back (the cycle reopens for that
 * much); what went to credit can come back only as far as the customer's balance still holds it — credit
 * already spent paid another cycle. The credit part is given back first. Without an amount, all that can.
 */
export function splitRefund(
  payment: { amountCents: number; creditedCents: number; refundedCents: number },
  requestedCents: number | null,
  creditBalanceCents: number,
): { refundCents: number; fromCreditCents: number; fromCycleCents: number } {
  const cyclePartCents = payment.amountCents - payment.creditedCents - payment.refundedCents;
  const creditPartCents = Math.min(payment.creditedCents, Math.max(0, creditBalanceCents));
  const refundableCents = cyclePartCents + creditPartCents;
  if (refundableCents <= 0) throw new AppError('PAYMENT_NOT_REFUNDABLE');
  const refundCents = requestedCents ?? refundableCents;
  if (refundCents > refundableCents) {
    throw new AppError('PAYMENT_REFUND_TOO_LARGE', undefined, { refundableCents });
  }
  const fromCreditCents = Math.min(refundCents, creditPartCents);
  return { refundCents, fromCreditCents, fromCycleCents: refundCents - fromCreditCents };
}

/** What the customer's credit pays of a cycle: all it owes, or as much as the balance holds. */
export function creditToApply(
  balanceCents: number,
  cycle: { amountCents: number; paidCents: number },
): number {
  const owedCents = Math.max(0, cycle.amountCents - cycle.paidCents);
  if (owedCents === 0) throw new AppError('PAYMENT_CYCLE_PAID');
  if (balanceCents <= 0) throw new AppError('CREDIT_BALANCE_EMPTY');
  return Math.min(balanceCents, owedCents);
}
