import { describe, expect, it } from 'vitest';
import type { BillingCycleState, EnrollmentBilling } from './payments.ts';
import { readPixPayload, studioPixCode } from './pix.ts';
import {
  dueReference,
  hasReceipt,
  PortalChargeInput,
  payByFor,
  portalDues,
  receiptKeptCents,
} from './portal-payments.ts';
import type { Purchase } from './purchases.ts';

const ENROLLMENT = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const PURCHASE = '0190a1b2-c3d4-7e5f-8a9b-aaaaaaaaaaaa';

function cycle(start: string, state: BillingCycleState['state'], paidCents = 0): BillingCycleState {
  return {
    index: 0,
    start,
    end: start,
    dueDate: start,
    payableUntil: start,
    priceCents: 24_900,
    isCharged: true,
    paidCents,
    state,
  };
}

function enrollment(cycles: BillingCycleState[]): EnrollmentBilling {
  return {
    enrollmentId: ENROLLMENT,
    planId: 'plan',
    planName: 'Mensal',
    scheduleName: 'Reformer',
    status: 'ACTIVE',
    currency: 'BRL',
    priceCents: 24_900,
    cycles,
  };
}

function purchase(overrides: Partial<Purchase>): Purchase {
  return {
    id: PURCHASE,
    customerId: 'c',
    customerName: 'Bia',
    planName: 'Pacote 10',
    planId: 'p',
    kind: 'PACK',
    classesTotal: 10,
    classesSpent: 0,
    classesLeft: 10,
    startsOn: '2027-02-20',
    expiresOn: '2027-04-20',
    state: 'ACTIVE',
    priceCents: 90_000,
    currency: 'BRL',
    paidCents: 0,
    paymentState: 'UNPAID',
    notes: null,
    createdAt: '2027-02-20T10:00:00Z',
    ...overrides,
  };
}

describe('what the portal asks the customer to pay', () => {
  it('lists due and overdue cycles with what is left to pay, never paid or upcoming ones', () => {
    const dues = portalDues({
      enrollments: [
        enrollment([
          cycle('2027-01-01', 'PAID', 24_900),
          cycle('2027-02-01', 'OVERDUE', 10_000),
          cycle('2027-03-01', 'DUE'),
          cycle('2027-04-01', 'UPCOMING'),
        ]),
      ],
      purchases: [],
    });
    expect(dues.map((due) => [due.cycleStart, due.state, due.amountCents])).toEqual([
      ['2027-02-01', 'OVERDUE', 14_900],
      ['2027-03-01', 'DUE', 24_900],
    ]);
  });

  it('adds a pack that still owes part of its price, soonest first; not a paid or an expired one', () => {
    const dues = portalDues({
      enrollments: [enrollment([cycle('2027-03-01', 'DUE')])],
      purchases: [
        purchase({ paidCents: 40_000, paymentState: 'PARTIAL' }),
        purchase({ id: 'paid', paidCents: 90_000, paymentState: 'PAID' }),
        purchase({ id: 'expired', state: 'EXPIRED' }),
      ],
    });
    expect(dues.map((due) => [due.purchaseId, due.cycleStart, due.amountCents])).toEqual([
      [PURCHASE, null, 50_000],
      [null, '2027-03-01', 24_900],
    ]);
  });
});

describe('how a due is paid', () => {
  const base = { currency: 'BRL', isPspConnected: true, hasChargePayer: true, hasPixKey: true };
  it('is the PSP’s charge when the studio has one and the customer can be its payer', () => {
    expect(payByFor(base)).toBe('PSP');
  });
  it('falls back to the static code without a PSP or without the customer’s CPF', () => {
    expect(payByFor({ ...base, isPspConnected: false })).toBe('STATIC');
    expect(payByFor({ ...base, hasChargePayer: false })).toBe('STATIC');
  });
  it('has no PIX in another currency, nor without a key and a PSP', () => {
    expect(payByFor({ ...base, currency: 'USD' })).toBe('NONE');
    expect(payByFor({ ...base, isPspConnected: false, hasPixKey: false })).toBe('NONE');
  });

  it('names the cycle in the static code’s reference, with the amount', () => {
    const reference = dueReference({ enrollmentId: ENROLLMENT, cycleStart: '2027-03-01', purchaseId: null });
    expect(reference).toBe('0C1D2E3F4A5B20270301');
    const code = studioPixCode(
      { pixKey: 'studio@example.com', pixMerchantName: null, pixMerchantCity: null },
      { organizationName: 'Studio Sol', timeZone: 'America/Sao_Paulo' },
      { amountCents: 24_900, currency: 'BRL', reference },
    );
    const fields = readPixPayload(code ?? '');
    expect(fields?.['54']).toBe('249.00');
    expect(fields?.['59']).toBe('Studio Sol');
    expect(fields?.['62']).toBe(`0520${reference}`);
    expect(dueReference({ enrollmentId: null, cycleStart: null, purchaseId: PURCHASE })).toBe(
      'PAAAAAAAAAAAA',
    );
  });

  it('asks for exactly one of a cycle and a pack', () => {
    const ok = (input: object) => PortalChargeInput.safeParse(input).success;
    expect(ok({ enrollmentId: ENROLLMENT, cycleStart: '2027-03-01' })).toBe(true);
    expect(ok({ purchaseId: PURCHASE })).toBe(true);
    expect(ok({ enrollmentId: ENROLLMENT })).toBe(false);
    expect(ok({ purchaseId: PURCHASE, enrollmentId: ENROLLMENT, cycleStart: '2027-03-01' })).toBe(false);
    expect(ok({})).toBe(false);
  });
});

describe('receipts', () => {
  it('exist once money was received, refunded afterwards included', () => {
    expect(hasReceipt({ status: 'COMPLETED' })).toBe(true);
    expect(hasReceipt({ status: 'REFUNDED' })).toBe(true);
    expect(hasReceipt({ status: 'PENDING' })).toBe(false);
    expect(hasReceipt({ status: 'FAILED' })).toBe(false);
    expect(hasReceipt({ status: 'CANCELLED' })).toBe(false);
  });
  it('say what was kept after a partial refund', () => {
    expect(receiptKeptCents({ amountCents: 24_900, refundedCents: 10_000 })).toBe(14_900);
  });
});
