import { describe, expect, it } from 'vitest';
import {
  billingCycleStates,
  cycleStartingOn,
  firstUnpaidCycleStart,
  PaymentInput,
  PaymentListQuery,
} from './payments.ts';
import { issueKeys, noHolidays } from './test-helpers.ts';
import { V } from './validation.ts';

const enrollment = {
  startDate: '2027-01-31',
  endDate: '2027-06-29',
  pausedFrom: null,
  resumeOn: null,
  canceledFrom: null,
  months: 1,
  priceCents: 34_900,
};

const valid = {
  customerId: '0190A5B2-7C3D-7E4F-8A1B-2C3D4E5F6A7B',
  enrollmentId: '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7c',
  amountCents: 34_900,
  currency: 'BRL',
  paidOn: '2027-02-01',
  method: 'PIX',
  status: 'COMPLETED',
} as const;

describe('payment input', () => {
  it('takes integer cents and lower-cases ids; the cycle defaults to the first unpaid one (null)', () => {
    expect(PaymentInput.parse(valid)).toMatchObject({
      customerId: valid.customerId.toLowerCase(),
      cycleStart: null,
      amountCents: 34_900,
      notes: null,
    });
  });

  it('refuses amounts at or below zero, fractions of a cent and more than 1,000,000.00', () => {
    for (const amountCents of [0, -100, 10.5, 100_000_001]) {
      expect(issueKeys(PaymentInput.safeParse({ ...valid, amountCents })), String(amountCents)).toEqual([
        `amountCents:${V.amount}`,
      ]);
    }
    expect(PaymentInput.safeParse({ ...valid, amountCents: 100_000_000 }).success).toBe(true);
  });

  it('refuses an unknown currency, method or status, and an impossible date', () => {
    expect(PaymentInput.safeParse({ ...valid, currency: 'EUR' }).success).toBe(false);
    expect(PaymentInput.safeParse({ ...valid, method: 'BITCOIN' }).success).toBe(false);
    expect(PaymentInput.safeParse({ ...valid, status: 'PAID' }).success).toBe(false);
    expect(issueKeys(PaymentInput.safeParse({ ...valid, paidOn: '2027-02-30' }))).toEqual([
      `paidOn:${V.date}`,
    ]);
  });

  it('refuses a period that ends before it starts', () => {
    expect(issueKeys(PaymentListQuery.safeParse({ from: '2027-03-01', to: '2027-02-01' }))).toEqual([
      `to:${V.dateRangeOrder}`,
    ]);
  });
});

describe('due cycles', () => {
  it('marks cycles paid, overdue, due and upcoming across month ends', () => {
    const paid = new Map([['2027-01-31', 34_900]]);
    const cycles = billingCycleStates(enrollment, paid, '2027-03-31', '2027-04-30', noHolidays);
    expect(cycles.map((c) => [c.start, c.end, c.state])).toEqual([
      ['2027-01-31', '2027-02-27', 'PAID'],
      ['2027-02-28', '2027-03-30', 'OVERDUE'],
      ['2027-03-31', '2027-04-29', 'DUE'],
      ['2027-04-30', '2027-05-30', 'UPCOMING'],
    ]);
  });

  it('keeps a cycle due on a weekend or bank holiday DUE until the next business day', () => {
    // Cycles due on Saturday 6 March and on Wednesday 21 April 2027, Tiradentes.
    const isTiradentes = (date: string) => date === '2027-04-21';
    const stateOn = (startDate: string, today: string) =>
      billingCycleStates({ ...enrollment, startDate }, new Map(), today, '2027-12-31', isTiradentes)[0];
    const saturday = ['2027-03-05', '2027-03-06', '2027-03-07', '2027-03-08', '2027-03-09'];
    expect(saturday.map((today) => stateOn('2027-03-06', today)?.state)).toEqual([
      'UPCOMING',
      'DUE',
      'DUE',
      'DUE',
      'OVERDUE',
    ]);
    expect(stateOn('2027-03-06', '2027-03-07')).toMatchObject({
      dueDate: '2027-03-06',
      payableUntil: '2027-03-08',
    });
    const holiday = ['2027-04-21', '2027-04-22', '2027-04-23'];
    expect(holiday.map((today) => stateOn('2027-04-21', today)?.state)).toEqual(['DUE', 'DUE', 'OVERDUE']);
  });

  it('needs COMPLETED payments to reach the price: a partial payment leaves the cycle open', () => {
    const partial = new Map([['2027-01-31', 20_000]]);
    const [first] = billingCycleStates(enrollment, partial, '2027-02-10', '2027-02-10', noHolidays);
    expect(first).toMatchObject({ paidCents: 20_000, state: 'OVERDUE' });
  });

  it('stops at the end of the enrollment or its cancellation', () => {
    const canceled = { ...enrollment, canceledFrom: '2027-03-01' };
    expect(
      billingCycleStates(canceled, new Map(), '2027-06-01', '2027-12-31', noHolidays).map((c) => c.start),
    ).toEqual(['2027-01-31', '2027-02-28']);
    expect(billingCycleStates(enrollment, new Map(), '2027-08-01', '2027-12-31', noHolidays)).toHaveLength(5);
    // A cycle paid ahead of a renewal still shows, paid.
    const ahead = billingCycleStates(
      canceled,
      new Map([['2027-03-31', 34_900]]),
      '2027-03-15',
      '2027-04-14',
      noHolidays,
    );
    expect(ahead.map((c) => [c.start, c.state])).toEqual([
      ['2027-01-31', 'OVERDUE'],
      ['2027-02-28', 'OVERDUE'],
      ['2027-03-31', 'PAID'],
    ]);
  });

  it('gives a new payment the first cycle not paid, and knows the cycle starts', () => {
    expect(firstUnpaidCycleStart(enrollment, new Map())).toBe('2027-01-31');
    expect(firstUnpaidCycleStart(enrollment, new Map([['2027-01-31', 34_900]]))).toBe('2027-02-28');
    expect(firstUnpaidCycleStart({ ...enrollment, priceCents: 0 }, new Map())).toBe('2027-01-31');
    expect(cycleStartingOn('2027-01-31', 1, '2027-02-28')).toMatchObject({ index: 1, end: '2027-03-30' });
    expect(cycleStartingOn('2027-01-31', 1, '2027-02-27')).toBeNull();
    expect(cycleStartingOn('2027-01-31', 3, '2027-04-30')).toMatchObject({ end: '2027-07-30' });
  });
});
