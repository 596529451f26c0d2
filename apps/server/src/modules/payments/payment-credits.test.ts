import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chargeDueCycles } from '../../db/billing-cycles.ts';
import { billingCycles, payments } from '../../db/schema/index.ts';
import type { TestUser } from '../../test/factories.ts';
import { createStudio, enrollNewCustomer, type Studio } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Decision 028: a cycle's amount is fixed when it is charged, money beyond what a cycle owes becomes credit,
// refunds may be partial, and concurrent payments for one cycle pay it once.
let t: TestApp;
let owner: TestUser;
let organizationId: string;
let planId: string;
let studio: Studio;

const MID_MARCH = new Date('2027-03-15T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(MID_MARCH);
  studio = await createStudio(t, {
    schedule: { startDate: '2027-01-04', endDate: '2027-12-29', capacity: 80 },
    plan: { priceCents: 30_000, weeklySessionsLimit: null },
  });
  ({ owner, organizationId, planId } = studio);
});
beforeEach(() => t.setNow(MID_MARCH));
afterAll(() => t.close());

const orgPath = (suffix: string) => `/organizations/${organizationId}${suffix}`;

async function enrolledCustomer(plan = planId) {
  const enrollment = { startDate: '2027-02-01', endDate: '2027-12-29', planId: plan };
  return enrollNewCustomer(t, studio, enrollment, { firstName: 'Credito' });
}

type Ids = Awaited<ReturnType<typeof enrolledCustomer>>;
const payment = (ids: Ids, extra: Record<string, unknown> = {}) => ({
  ...ids,
  cycleStart: '2027-02-01',
  amountCents: 30_000,
  currency: 'BRL',
  paidOn: '2027-03-10',
  method: 'CASH',
  status: 'COMPLETED',
  ...extra,
});
const pay = (body: Record<string, unknown>) =>
  t.request('POST', orgPath('/payments'), { token: owner.token, body });

async function billingOf(customerId: string) {
  const response = await t.request('GET', orgPath(`/customers/${customerId}/billing`), {
    token: owner.token,
  });
  expect(response.status, response.text).toBe(200);
  return response.body as {
    credits: { currency: string; balanceCents: number }[];
    enrollments: { cycles: { start: string; state: string; priceCents: number; paidCents: number }[] }[];
  };
}
const cycle = async (customerId: string, start: string) =>
  (await billingOf(customerId)).enrollments[0]?.cycles.find((c) => c.start === start);

describe('a cycle paid once', () => {
  it('takes one of 50 concurrent full payments for an open cycle and refuses the rest, saying what was paid', async () => {
    const ids = await enrolledCustomer();
    const answers = await Promise.all(Array.from({ length: 50 }, () => pay(payment(ids))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.every((a) => a.status === 409 && a.body.error.code === 'PAYMENT_CYCLE_PAID')).toBe(true);
    expect(refused[0]?.body.error.details).toEqual({
      cycleStart: '2027-02-01',
      cycleEnd: '2027-02-28',
      cycleAmountCents: 30_000,
      paidCents: 30_000,
      owedCents: 0,
    });
    const rows = await t.db.select().from(payments).where(eq(payments.customerId, ids.customerId));
    expect(rows).toHaveLength(1);
    expect(await cycle(ids.customerId, '2027-02-01')).toMatchObject({ state: 'PAID', paidCents: 30_000 });
  });

  it('refuses a payment in another currency than the plan, and more than the cycle owes', async () => {
    const ids = await enrolledCustomer();
    const usd = await pay(payment(ids, { currency: 'USD' }));
    expect(usd.status).toBe(409);
    expect(usd.body.error).toMatchObject({ code: 'PAYMENT_CURRENCY_MISMATCH', details: { currency: 'BRL' } });
    expect((await pay(payment(ids, { amountCents: 10_000 }))).status).toBe(201);
    const over = await pay(payment(ids));
    expect(over.status).toBe(409);
    expect(over.body.error).toMatchObject({
      code: 'PAYMENT_EXCEEDS_AMOUNT_DUE',
      details: { owedCents: 20_000 },
    });
  });
});

describe('credit', () => {
  it('keeps money for a paid cycle as credit when told to, and spends it on the next cycle', async () => {
    const ids = await enrolledCustomer();
    expect((await pay(payment(ids))).status).toBe(201);
    const extra = await pay(payment(ids, { recordExcessAsCredit: true, method: 'PIX' }));
    expect(extra.status, extra.text).toBe(201);
    expect(extra.body).toMatchObject({ creditedCents: 30_000, refundedCents: 0, cycleStart: '2027-02-01' });
    // Half of an open cycle, the rest to credit.
    const split = await pay(
      payment(ids, { cycleStart: '2027-03-01', amountCents: 10_000, recordExcessAsCredit: true }),
    );
    expect(split.body.creditedCents).toBe(0);
    const more = await pay(payment(ids, { cycleStart: '2027-03-01', recordExcessAsCredit: true }));
    expect(more.body.creditedCents).toBe(10_000);
    let billing = await billingOf(ids.customerId);
    expect(billing.credits).toEqual([{ currency: 'BRL', balanceCents: 40_000 }]);
    expect(billing.enrollments[0]?.cycles.slice(0, 2).map((c) => c.state)).toEqual(['PAID', 'PAID']);

    const apply = (cycleStart: string) =>
      t.request('POST', orgPath(`/customers/${ids.customerId}/billing/credit-applications`), {
        token: owner.token,
        body: { enrollmentId: ids.enrollmentId, cycleStart },
      });
    const applied = await apply('2027-04-01');
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.credits).toEqual([{ currency: 'BRL', balanceCents: 10_000 }]);
    expect((await cycle(ids.customerId, '2027-04-01'))?.state).toBe('PAID');
    expect((await apply('2027-04-01')).body.error.code).toBe('PAYMENT_CYCLE_PAID');
    expect((await apply('2027-05-01')).status).toBe(200);
    expect((await cycle(ids.customerId, '2027-05-01'))?.paidCents).toBe(10_000);
    billing = await billingOf(ids.customerId);
    expect(billing.credits).toEqual([]);
    expect((await apply('2027-06-01')).body.error.code).toBe('CREDIT_BALANCE_EMPTY');

    // The credit is spent: the payment that made it can neither be deleted nor refunded from it.
    const deleted = await t.request('DELETE', orgPath(`/payments/${extra.body.id}`), { token: owner.token });
    expect(deleted.body.error.code).toBe('PAYMENT_CREDIT_SPENT');
    const refund = await t.request('POST', orgPath(`/payments/${extra.body.id}/refund`), {
      token: owner.token,
    });
    expect(refund.status).toBe(409);
    expect(refund.body.error.code).toBe('PAYMENT_NOT_REFUNDABLE');
  });

  it('spends one balance once under concurrent applications', async () => {
    const ids = await enrolledCustomer();
    await pay(payment(ids));
    await pay(payment(ids, { recordExcessAsCredit: true }));
    const answers = await Promise.all(
      ['2027-03-01', '2027-04-01', '2027-05-01', '2027-06-01'].map((cycleStart) =>
        t.request('POST', orgPath(`/customers/${ids.customerId}/billing/credit-applications`), {
          token: owner.token,
          body: { enrollmentId: ids.enrollmentId, cycleStart },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const applied = await t.db
      .select({ cents: billingCycles.creditAppliedCents })
      .from(billingCycles)
      .where(eq(billingCycles.enrollmentId, ids.enrollmentId));
    expect(applied.reduce((sum, row) => sum + row.cents, 0)).toBe(30_000);
  });
});

describe('partial refunds', () => {
  it('gives back part of a payment, reopens the cycle for that much, and counts what stays as received', async () => {
    const ids = await enrolledCustomer();
    const paid = await pay(payment(ids, { paidOn: '2027-03-11' }));
    const refund = (amountCents?: number) =>
      t.request('POST', orgPath(`/payments/${paid.body.id}/refund`), {
        token: owner.token,
        ...(amountCents === undefined ? {} : { body: { amountCents } }),
      });
    const part = await refund(10_000);
    expect(part.status, part.text).toBe(200);
    expect(part.body).toMatchObject({ status: 'COMPLETED', refundedCents: 10_000 });
    expect(await cycle(ids.customerId, '2027-02-01')).toMatchObject({ state: 'OVERDUE', paidCents: 20_000 });
    const list = await t.request('GET', orgPath(`/payments?customerId=${ids.customerId}`), {
      token: owner.token,
    });
    expect(list.body.totals).toEqual([
      { currency: 'BRL', completedCents: 20_000, pendingCents: 0, count: 1 },
    ]);
    const tooMuch = await refund(25_000);
    expect(tooMuch.body.error).toMatchObject({
      code: 'PAYMENT_REFUND_TOO_LARGE',
      details: { refundableCents: 20_000 },
    });
    const rest = await refund();
    expect(rest.body).toMatchObject({ status: 'REFUNDED', refundedCents: 30_000 });
    expect(await cycle(ids.customerId, '2027-02-01')).toMatchObject({ paidCents: 0 });
  });

  it('takes a refund from the credit part first', async () => {
    const ids = await enrolledCustomer();
    await pay(payment(ids));
    const extra = await pay(payment(ids, { recordExcessAsCredit: true }));
    const part = await t.request('POST', orgPath(`/payments/${extra.body.id}/refund`), {
      token: owner.token,
      body: { amountCents: 5_000 },
    });
    expect(part.body).toMatchObject({ creditedCents: 25_000, refundedCents: 5_000, status: 'COMPLETED' });
    expect((await billingOf(ids.customerId)).credits).toEqual([{ currency: 'BRL', balanceCents: 25_000 }]);
    expect((await cycle(ids.customerId, '2027-02-01'))?.state).toBe('PAID');
  });
});

describe('what a cycle owes', () => {
  it('is fixed when the cycle is charged: a price change reaches only cycles not charged yet', async () => {
    const ids = await enrolledCustomer();
    await pay(payment(ids));
    // The hourly job charges the started cycles (February is charged by its payment, March by the job) once.
    expect(await chargeDueCycles(t.db, MID_MARCH)).toBeGreaterThan(0);
    const charged = await t.db
      .select({ start: billingCycles.cycleStart, cents: billingCycles.amountCents })
      .from(billingCycles)
      .where(and(eq(billingCycles.enrollmentId, ids.enrollmentId)))
      .orderBy(billingCycles.cycleStart);
    expect(charged).toEqual([
      { start: '2027-02-01', cents: 30_000 },
      { start: '2027-03-01', cents: 30_000 },
    ]);
    const [again, atOnce] = await Promise.all([
      chargeDueCycles(t.db, MID_MARCH),
      chargeDueCycles(t.db, MID_MARCH),
    ]);
    expect(again + atOnce).toBe(0);

    const raised = await t.request('PUT', orgPath(`/customer-plans/${planId}`), {
      token: owner.token,
      body: {
        name: 'Mensal 2x',
        description: 'Duas aulas por semana',
        priceCents: 35_000,
        currency: 'BRL',
        billingCycle: 'MONTHLY',
        features: ['Reformer'],
        weeklySessionsLimit: null,
      },
    });
    expect(raised.status, raised.text).toBe(200);
    const cycles = (await billingOf(ids.customerId)).enrollments[0]?.cycles ?? [];
    expect(cycles.map((c) => [c.start, c.priceCents, c.state])).toEqual([
      ['2027-02-01', 30_000, 'PAID'],
      ['2027-03-01', 30_000, 'OVERDUE'],
      ['2027-04-01', 35_000, 'UPCOMING'],
    ]);
  });
});
