import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOrganization, createPlan, createUser, type TestUser } from '../../test/factories.ts';
import { addCustomer, addSchedule, createStudio, type Studio } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Packs, single and trial classes (decision 029): sold once, spent by adding the customer to a session, given
 * back by a cancellation with the make-up notice (24 h by default), paid once. Sessions are in March 2027,
 * São Paulo (UTC−3): 07:00 there is 10:00Z.
 */

let t: TestApp;
let owner: TestUser;
let organizationId: string;
let studio: Studio;
let regular: { id: string };
let packPlan: string;
let trialPlan: string;

const FEBRUARY = new Date('2027-02-15T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(FEBRUARY);
  const pack = {
    kind: 'PACK',
    classCount: 3,
    validityDays: 60,
    priceCents: 45_000,
    weeklySessionsLimit: null,
  };
  studio = await createStudio(t, { schedule: { capacity: 4 }, plan: { name: 'Pacote 3', ...pack } });
  ({ owner, organizationId, planId: packPlan } = studio);
  regular = { id: studio.scheduleId };
  const trial = { kind: 'TRIAL', validityDays: 30, priceCents: 0, weeklySessionsLimit: null };
  trialPlan = (await createPlan(t, owner, organizationId, { name: 'Experimental', ...trial })).id;
});
beforeEach(() => t.setNow(FEBRUARY));
afterAll(() => t.close());

const orgPath = (suffix: string) => `/organizations/${organizationId}${suffix}`;
const call = (method: string, suffix: string, body?: unknown) =>
  t.request(method, orgPath(suffix), { token: owner.token, body });

async function sessionOn(scheduleId: string, date: string): Promise<string> {
  const list = await call('GET', `/sessions?from=${date}&to=${date}&scheduleId=${scheduleId}`);
  const id = list.body.items[0]?.id;
  if (!id) throw new Error(`no session of ${scheduleId} on ${date}`);
  return id;
}

const newCustomer = () => addCustomer(t, studio, { firstName: 'Bia' });

async function sell(customerId: string, planId = packPlan, startsOn = '2027-03-01') {
  const sold = await call('POST', '/purchases', { customerId, planId, startsOn });
  expect(sold.status, sold.text).toBe(201);
  return sold.body as { id: string; expiresOn: string; classesLeft: number };
}

const addWithPurchase = (sessionId: string, customerIds: string[], reason = 'OTHER') =>
  call('POST', `/sessions/${sessionId}/customers`, { customerIds, reason, usePurchase: true });
const setStatus = (sessionId: string, customerId: string, status: string) =>
  call('PUT', `/sessions/${sessionId}/attendance/${customerId}`, { status });
const balanceOf = async (purchaseId: string) =>
  (await call('GET', `/purchases/${purchaseId}`)).body.classesLeft;

describe('plan kinds', () => {
  it('sells a pack with the plan’s classes and validity fixed at the sale, and never enrolls in it', async () => {
    const customer = await newCustomer();
    const sold = await sell(customer.id);
    expect(sold).toMatchObject({
      classesLeft: 3,
      expiresOn: '2027-04-29',
      state: 'ACTIVE',
      paymentState: 'UNPAID',
    });
    const enrolled = await call('POST', '/enrollments', {
      customerId: customer.id,
      planId: packPlan,
      scheduleId: regular.id,
      startDate: '2027-03-01',
    });
    expect(enrolled.body.error.code).toBe('PLAN_NOT_RECURRING');
    const plan = (await call('GET', '/customer-plans')).body.find(
      (row: { id: string }) => row.id === packPlan,
    );
    const recurring = await call('PUT', `/customer-plans/${packPlan}`, { ...plan, kind: 'RECURRING' });
    expect(recurring.body.error.code).toBe('PLAN_KIND_IN_USE');
    const monthly = (await createPlan(t, owner, organizationId)).id;
    const notSold = await call('POST', '/purchases', { customerId: customer.id, planId: monthly });
    expect(notSold.body.error.code).toBe('PLAN_NOT_PURCHASABLE');
    const forSale = await call('GET', '/purchases/plans');
    const names = forSale.body.items.map((item: { name: string }) => item.name);
    expect(names).toContain('Pacote 3');
    expect(forSale.body.items.map((item: { id: string }) => item.id)).not.toContain(monthly);
    const options = await call('GET', '/enrollments/options');
    expect(options.body.plans.map((item: { id: string }) => item.id)).not.toContain(packPlan);
    const own = await call('GET', `/customers/${customer.id}/purchases`);
    expect(own.body.items.map((item: { id: string }) => item.id)).toEqual([sold.id]);
  });

  it('sells one trial class per customer, free of charge', async () => {
    const customer = await newCustomer();
    const trial = await sell(customer.id, trialPlan);
    expect(trial).toMatchObject({ classesLeft: 1, priceCents: 0, paymentState: 'PAID' });
    const again = await call('POST', '/purchases', { customerId: customer.id, planId: trialPlan });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'PURCHASE_TRIAL_TAKEN',
      details: { purchaseId: trial.id },
    });
  });
});

describe('spending classes in sessions', () => {
  it('spends one class per place, takes a seat, and refuses when none is left', async () => {
    const customer = await newCustomer();
    const pack = await sell(customer.id);
    const first = await addWithPurchase(await sessionOn(regular.id, '2027-03-01'), [customer.id]);
    expect(first.status, first.text).toBe(201);
    expect(first.body.spentPurchases).toEqual([
      {
        customerId: customer.id,
        purchaseId: pack.id,
        planName: 'Pacote 3',
        classesLeft: 2,
        expiresOn: '2027-04-29',
      },
    ]);
    expect(first.body.rosterCount).toBe(1);
    expect(first.body.roster[0].purchase).toMatchObject({
      purchaseId: pack.id,
      classesLeft: 2,
      isReturned: false,
    });
    await addWithPurchase(await sessionOn(regular.id, '2027-03-03'), [customer.id]);
    await addWithPurchase(await sessionOn(regular.id, '2027-03-08'), [customer.id]);
    expect(await balanceOf(pack.id)).toBe(0);
    const none = await addWithPurchase(await sessionOn(regular.id, '2027-03-10'), [customer.id]);
    expect(none.status).toBe(409);
    expect(none.body.error).toMatchObject({ code: 'PURCHASE_USED_UP', details: { customerId: customer.id } });
    const listed = await call('GET', `/purchases?customerId=${customer.id}&state=USED_UP`);
    expect(listed.body.items.map((item: { id: string }) => item.id)).toEqual([pack.id]);
  });

  it('refuses a customer with no purchase and one whose purchase is over by the session’s date', async () => {
    const nobody = await newCustomer();
    const session = await sessionOn(regular.id, '2027-05-03');
    const none = await addWithPurchase(session, [nobody.id]);
    expect(none.body.error.code).toBe('PURCHASE_NONE');
    const late = await newCustomer();
    await sell(late.id);
    const expired = await addWithPurchase(session, [late.id]);
    expect(expired.body.error.code).toBe('PURCHASE_EXPIRED');
    // All or nothing: the refused request left no place behind.
    const details = await call('GET', `/sessions/${session}`);
    expect(details.body.roster).toEqual([]);
  });

  it('gives the class back on a cancellation with notice, keeps it on a late one, and spends it again on undo', async () => {
    const customer = await newCustomer();
    const pack = await sell(customer.id);
    const early = await sessionOn(regular.id, '2027-03-15');
    await addWithPurchase(early, [customer.id]);
    const returned = await setStatus(early, customer.id, 'CANCELED');
    expect(returned.body).toMatchObject({
      purchaseClass: { outcome: 'RETURNED', purchaseId: pack.id, noticeHours: 24 },
      makeUpCredit: null,
    });
    expect(await balanceOf(pack.id)).toBe(3);
    const roster = (await call('GET', `/sessions/${early}`)).body.roster;
    expect(roster[0].purchase).toEqual({
      purchaseId: pack.id,
      planName: 'Pacote 3',
      classesLeft: 3,
      isReturned: true,
    });
    const restored = await setStatus(early, customer.id, 'CONFIRMED');
    expect(restored.body.purchaseClass).toMatchObject({ outcome: 'SPENT' });
    expect(await balanceOf(pack.id)).toBe(2);
    const late = await sessionOn(regular.id, '2027-03-17');
    await addWithPurchase(late, [customer.id]);
    t.setNow(new Date('2027-03-16T10:00:01Z'));
    const kept = await setStatus(late, customer.id, 'CANCELED');
    expect(kept.body.purchaseClass).toMatchObject({ outcome: 'KEPT' });
    expect(await balanceOf(pack.id)).toBe(1);
  });

  it('cannot restore a place whose class came back once the pack has no class left', async () => {
    const customer = await newCustomer();
    await sell(customer.id);
    const first = await sessionOn(regular.id, '2027-04-05');
    await addWithPurchase(first, [customer.id]);
    await setStatus(first, customer.id, 'CANCELED');
    for (const date of ['2027-04-07', '2027-04-12', '2027-04-14'])
      await addWithPurchase(await sessionOn(regular.id, date), [customer.id]);
    const restored = await setStatus(first, customer.id, 'CONFIRMED');
    expect(restored.status).toBe(409);
    expect(restored.body.error).toMatchObject({
      code: 'PURCHASE_USED_UP',
      details: { customerId: customer.id, name: `${customer.firstName} ${customer.lastName}` },
    });
  });

  it('spends a trial class only on a TRIAL place', async () => {
    const customer = await newCustomer();
    await sell(customer.id, trialPlan);
    const session = await sessionOn(regular.id, '2027-03-22');
    const asOther = await addWithPurchase(session, [customer.id]);
    expect(asOther.body.error.code).toBe('PURCHASE_NONE');
    const asTrial = await addWithPurchase(session, [customer.id], 'TRIAL_CLASS');
    expect(asTrial.status, asTrial.text).toBe(201);
    expect(asTrial.body.spentPurchases[0]).toMatchObject({ classesLeft: 0 });
  });
});

describe('paying a purchase', () => {
  it('is paid once: a second full payment is refused unless recorded as credit', async () => {
    const customer = await newCustomer();
    const pack = await sell(customer.id);
    const payment = {
      customerId: customer.id,
      purchaseId: pack.id,
      amountCents: 45_000,
      currency: 'BRL',
      paidOn: '2027-02-15',
      method: 'PIX',
      status: 'COMPLETED',
    };
    const paid = await call('POST', '/payments', payment);
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body).toMatchObject({ purchaseId: pack.id, enrollmentId: null, planId: packPlan });
    expect((await call('GET', `/purchases/${pack.id}`)).body).toMatchObject({
      paymentState: 'PAID',
      paidCents: 45_000,
    });
    const twice = await call('POST', '/payments', payment);
    expect(twice.body.error.code).toBe('PAYMENT_CYCLE_PAID');
    const credited = await call('POST', '/payments', { ...payment, recordExcessAsCredit: true });
    expect(credited.body.creditedCents).toBe(45_000);
    const dollars = await call('POST', '/payments', { ...payment, currency: 'USD' });
    expect(dollars.body.error.code).toBe('PAYMENT_CURRENCY_MISMATCH');
    const both = await call('POST', '/payments', { ...payment, enrollmentId: pack.id });
    expect(both.body.error.code).toBe('VALIDATION_FAILED');
    const unpaid = await call('GET', `/purchases?customerId=${customer.id}&paymentState=UNPAID`);
    expect(unpaid.body.total).toBe(0);
  });
});

describe('purchases about to expire', () => {
  it('lists the ones with classes left whose last day is within the window', async () => {
    const customer = await newCustomer();
    const soon = await sell(customer.id, packPlan, '2026-12-20');
    const expiring = await call('GET', '/purchases/expiring?days=5');
    expect(expiring.body).toMatchObject({ from: '2027-02-15', to: '2027-02-20' });
    expect(expiring.body.items.map((item: { id: string }) => item.id)).toEqual([soon.id]);
    expect((await call('GET', '/purchases/expiring?days=999')).status).toBe(400);
  });
});

describe('another organization', () => {
  it('cannot read, sell on, spend or pay a purchase of this one (404)', async () => {
    const customer = await newCustomer();
    const pack = await sell(customer.id);
    const outsider = await createUser(t);
    const theirs = (await createOrganization(t, outsider)).id;
    const as = (method: string, suffix: string, body?: unknown) =>
      t.request(method, `/organizations/${theirs}${suffix}`, { token: outsider.token, body });
    expect((await as('GET', `/purchases/${pack.id}`)).status).toBe(404);
    expect((await as('DELETE', `/purchases/${pack.id}`)).status).toBe(404);
    const sale = await as('POST', '/purchases', { customerId: customer.id, planId: packPlan });
    expect(sale.status).toBe(404);
    const payment = await as('POST', '/payments', {
      customerId: customer.id,
      purchaseId: pack.id,
      amountCents: 100,
      currency: 'BRL',
      paidOn: '2027-02-15',
      method: 'PIX',
      status: 'COMPLETED',
    });
    expect(payment.status).toBe(404);
    expect((await as('GET', '/purchases')).body.total).toBe(0);
    expect((await as('GET', `/customers/${customer.id}/purchases`)).status).toBe(404);
    expect((await as('GET', `/purchases/${pack.id}`)).body.error.code).toBe('PURCHASE_NOT_FOUND');
  });
});

describe('under concurrency', () => {
  it('spends the last class once when 50 requests add the customer to 50 different classes', async () => {
    const customer = await newCustomer();
    const single = await createPlan(t, owner, organizationId, {
      name: 'Avulsa',
      kind: 'SINGLE',
      validityDays: 120,
      priceCents: 9_000,
      weeklySessionsLimit: null,
    });
    const purchase = await sell(customer.id, single.id);
    const sessions: string[] = [];
    for (let day = 0; day < 50; day += 1) {
      const date = new Date(Date.UTC(2027, 2, 1 + day)).toISOString().slice(0, 10);
      const schedule = await addSchedule(t, studio, {
        name: `Avulsa ${day}`,
        recurrenceType: 'SINGLE',
        startDate: date,
        endDate: date,
        startTime: '12:00',
        endTime: '12:30',
      });
      sessions.push(await sessionOn(schedule.id, date));
    }
    const answers = await Promise.all(sessions.map((sessionId) => addWithPurchase(sessionId, [customer.id])));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.every((answer) => answer.body.error.code === 'PURCHASE_USED_UP')).toBe(true);
    expect(await balanceOf(purchase.id)).toBe(0);
    expect((await call('GET', `/purchases/${purchase.id}`)).body.classesSpent).toBe(1);
  });
});
