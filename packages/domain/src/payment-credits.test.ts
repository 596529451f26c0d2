import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { creditToApply, splitPayment, splitRefund } from './payment-credits.ts';
import { billingCycleStates, firstUnpaidCycleStart } from './payments.ts';
import { noHolidays } from './test-helpers.ts';

const cycle = { start: '2027-03-01', end: '2027-03-31', amountCents: 30_000, paidCents: 0 };

function codeOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, details: error.details };
    throw error;
  }
  return null;
}

describe('where a payment goes', () => {
  it('pays the cycle up to what it owes', () => {
    expect(splitPayment({ amountCents: 30_000, recordExcessAsCredit: false }, cycle)).toEqual({
      toCycleCents: 30_000,
      toCreditCents: 0,
    });
    expect(splitPayment({ amountCents: 10_000, recordExcessAsCredit: false }, cycle)).toEqual({
      toCycleCents: 10_000,
      toCreditCents: 0,
    });
  });

  it('refuses a payment for a paid cycle, saying what was paid, unless it is recorded as credit', () => {
    const paid = { ...cycle, paidCents: 30_000 };
    expect(codeOf(() => splitPayment({ amountCents: 30_000, recordExcessAsCredit: false }, paid))).toEqual({
      code: 'PAYMENT_CYCLE_PAID',
      details: {
        cycleStart: '2027-03-01',
        cycleEnd: '2027-03-31',
        cycleAmountCents: 30_000,
        paidCents: 30_000,
        owedCents: 0,
      },
    });
    expect(splitPayment({ amountCents: 30_000, recordExcessAsCredit: true }, paid)).toEqual({
      toCycleCents: 0,
      toCreditCents: 30_000,
    });
  });

  it('refuses more than the cycle owes, or splits it into the cycle and credit when told to', () => {
    const half = { ...cycle, paidCents: 20_000 };
    expect(codeOf(() => splitPayment({ amountCents: 30_000, recordExcessAsCredit: false }, half))?.code).toBe(
      'PAYMENT_EXCEEDS_AMOUNT_DUE',
    );
    expect(splitPayment({ amountCents: 30_000, recordExcessAsCredit: true }, half)).toEqual({
      toCycleCents: 10_000,
      toCreditCents: 20_000,
    });
  });
});

describe('refunds', () => {
  const payment = { amountCents: 30_000, creditedCents: 0, refundedCents: 0 };

  it('gives back the whole rest by default, or a part, never more than is left', () => {
    expect(splitRefund(payment, null, 0)).toEqual({
      refundCents: 30_000,
      fromCreditCents: 0,
      fromCycleCents: 30_000,
    });
    expect(splitRefund(payment, 5_000, 0)).toEqual({
      refundCents: 5_000,
      fromCreditCents: 0,
      fromCycleCents: 5_000,
    });
    const partly = { ...payment, refundedCents: 25_000 };
    expect(codeOf(() => splitRefund(partly, 6_000, 0))).toEqual({
      code: 'PAYMENT_REFUND_TOO_LARGE',
      details: { refundableCents: 5_000 },
    });
    expect(codeOf(() => splitRefund({ ...payment, refundedCents: 30_000 }, null, 0))?.code).toBe(
      'PAYMENT_NOT_REFUNDABLE',
    );
  });

  it('takes from the credit part first, as far as the balance still holds it', () => {
    const credited = { ...payment, creditedCents: 20_000 };
    expect(splitRefund(credited, 25_000, 20_000)).toEqual({
      refundCents: 25_000,
      fromCreditCents: 20_000,
      fromCycleCents: 5_000,
    });
    // 15,000 of that credit already paid another cycle: 10,000 of the cycle and 5,000 of credit can come back.
    expect(splitRefund(credited, null, 5_000)).toEqual({
      refundCents: 15_000,
      fromCreditCents: 5_000,
      fromCycleCents: 10_000,
    });
    expect(codeOf(() => splitRefund(credited, 20_000, 5_000))).toEqual({
      code: 'PAYMENT_REFUND_TOO_LARGE',
      details: { refundableCents: 15_000 },
    });
    // All of it went to credit, and the credit is spent: nothing can come back.
    expect(codeOf(() => splitRefund({ ...payment, creditedCents: 30_000 }, null, 0))?.code).toBe(
      'PAYMENT_NOT_REFUNDABLE',
    );
  });
});

describe('credit applied to a cycle', () => {
  it('pays what the cycle owes, or what the balance holds', () => {
    expect(creditToApply(50_000, { amountCents: 30_000, paidCents: 10_000 })).toBe(20_000);
    expect(creditToApply(5_000, { amountCents: 30_000, paidCents: 10_000 })).toBe(5_000);
    expect(codeOf(() => creditToApply(0, { amountCents: 30_000, paidCents: 0 }))?.code).toBe(
      'CREDIT_BALANCE_EMPTY',
    );
    expect(codeOf(() => creditToApply(5_000, { amountCents: 30_000, paidCents: 30_000 }))?.code).toBe(
      'PAYMENT_CYCLE_PAID',
    );
  });
});

describe('a charged cycle keeps its amount', () => {
  const enrollment = {
    startDate: '2027-01-01',
    endDate: '2027-06-30',
    pausedFrom: null,
    resumeOn: null,
    canceledFrom: null,
    months: 1,
    // The plan's price today, after a rise from 30,000.
    priceCents: 35_000,
  };
  const charged = new Map([
    ['2027-01-01', 30_000],
    ['2027-02-01', 30_000],
  ]);

  it('judges charged cycles at their fixed amount and the others at the price today', () => {
    const paid = new Map([['2027-01-01', 30_000]]);
    const cycles = billingCycleStates(enrollment, paid, '2027-03-01', '2027-03-31', noHolidays, charged);
    expect(cycles.map((c) => [c.start, c.priceCents, c.isCharged, c.state])).toEqual([
      ['2027-01-01', 30_000, true, 'PAID'],
      ['2027-02-01', 30_000, true, 'OVERDUE'],
      ['2027-03-01', 35_000, false, 'DUE'],
    ]);
    expect(firstUnpaidCycleStart(enrollment, paid, charged)).toBe('2027-02-01');
    expect(firstUnpaidCycleStart(enrollment, new Map([...paid, ['2027-02-01', 30_000]]), charged)).toBe(
      '2027-03-01',
    );
  });
});
