import { describe, expect, it } from 'vitest';
import { CustomerPlanInput } from './customer-plans.ts';
import {
  purchaseExpiresOn,
  purchasePaymentState,
  purchaseState,
  purchaseToSpend,
  returnsClass,
} from './purchases.ts';

const plan = {
  name: 'Pacote 10 aulas',
  description: 'Dez aulas avulsas',
  priceCents: 90000,
  currency: 'BRL',
  billingCycle: 'MONTHLY',
  features: ['Reformer'],
};

describe('plan kinds', () => {
  it('keeps today’s plans recurring, with no class count or validity', () => {
    expect(CustomerPlanInput.parse({ ...plan, classCount: 10, validityDays: 60 })).toMatchObject({
      kind: 'RECURRING',
      classCount: null,
      validityDays: null,
    });
  });

  it('asks a pack for its classes and validity, and a single or trial class for its validity', () => {
    const pack = CustomerPlanInput.safeParse({ ...plan, kind: 'PACK' });
    expect(pack.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'classCount',
      'validityDays',
    ]);
    expect(
      CustomerPlanInput.parse({ ...plan, kind: 'PACK', classCount: 10, validityDays: 60 }),
    ).toMatchObject({ classCount: 10, validityDays: 60 });
    expect(
      CustomerPlanInput.safeParse({ ...plan, kind: 'PACK', classCount: 1, validityDays: 60 }).success,
    ).toBe(false);
    const trial = CustomerPlanInput.parse({ ...plan, kind: 'TRIAL', priceCents: 0, validityDays: 7 });
    expect(trial).toMatchObject({ classCount: 1, validityDays: 7, priceCents: 0 });
    expect(CustomerPlanInput.safeParse({ ...plan, kind: 'SINGLE' }).success).toBe(false);
  });
});

describe('a purchase’s balance', () => {
  it('lasts its validity counting its first day', () => {
    expect(purchaseExpiresOn('2027-01-31', 1)).toBe('2027-01-31');
    expect(purchaseExpiresOn('2027-01-31', 30)).toBe('2027-03-01');
  });

  it('is used up when every class is spent, expired from the day after its last day', () => {
    const held = { classesTotal: 10, classesSpent: 9, expiresOn: '2027-03-01' };
    expect(purchaseState(held, '2027-03-01')).toBe('ACTIVE');
    expect(purchaseState(held, '2027-03-02')).toBe('EXPIRED');
    expect(purchaseState({ ...held, classesSpent: 10 }, '2027-03-02')).toBe('USED_UP');
  });

  it('is paid once its payments reach the price; a free trial is paid', () => {
    expect(purchasePaymentState(90000, 90000)).toBe('PAID');
    expect(purchasePaymentState(90000, 100)).toBe('PARTIAL');
    expect(purchasePaymentState(90000, 0)).toBe('UNPAID');
    expect(purchasePaymentState(0, 0)).toBe('PAID');
  });
});

describe('the purchase a place spends', () => {
  const base = {
    kind: 'PACK' as const,
    classesTotal: 10,
    classesSpent: 0,
    startsOn: '2027-03-01',
    createdAt: '2027-03-01T10:00:00Z',
  };
  const place = { sessionDate: '2027-03-10', today: '2027-03-05', isTrial: false };

  it('takes the valid one that expires first', () => {
    const late = { ...base, id: 'a', expiresOn: '2027-05-01' };
    const soon = { ...base, id: 'b', expiresOn: '2027-04-01' };
    expect(purchaseToSpend([late, soon], place)).toEqual({ purchase: soon });
  });

  it('skips spent ones, ones over before the session and ones not started on its date', () => {
    const spent = { ...base, id: 'a', expiresOn: '2027-04-01', classesSpent: 10 };
    const endsBefore = { ...base, id: 'b', expiresOn: '2027-03-09' };
    const startsAfter = { ...base, id: 'c', expiresOn: '2027-06-01', startsOn: '2027-03-11' };
    expect(purchaseToSpend([spent], place)).toEqual({ reason: 'PURCHASE_USED_UP' });
    expect(purchaseToSpend([spent, endsBefore, startsAfter], place)).toEqual({ reason: 'PURCHASE_EXPIRED' });
  });

  it('spends a trial only on a trial place, and a pack only on the others', () => {
    const trial = { ...base, id: 't', kind: 'TRIAL' as const, classesTotal: 1, expiresOn: '2027-04-01' };
    const pack = { ...base, id: 'p', expiresOn: '2027-04-01' };
    expect(purchaseToSpend([trial], place)).toEqual({ reason: 'PURCHASE_NONE' });
    expect(purchaseToSpend([trial, pack], { ...place, isTrial: true })).toEqual({ purchase: trial });
  });
});

describe('giving a class back on a cancellation', () => {
  const session = { date: '2027-03-10', startTime: '07:00', timeZone: 'America/Sao_Paulo' };

  it('needs the organization’s notice, exactly the notice counting', () => {
    expect(returnsClass(new Date('2027-03-09T10:00:00Z'), session, 24)).toBe(true);
    expect(returnsClass(new Date('2027-03-09T10:00:01Z'), session, 24)).toBe(false);
  });
});
