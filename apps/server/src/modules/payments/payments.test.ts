import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, payments } from '../../db/schema/index.ts';
import {
  createCustomer,
  createOrganization,
  createPlan,
  createUser,
  type TestUser,
} from '../../test/factories.ts';
import { plansAddedBy } from '../../test/prepared-plans.ts';
import { createStudio, enrollNewCustomer, type Studio } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { within } from '../../test/within.ts';
import { listPayments } from './payments.repository.ts';

let t: TestApp;
let owner: TestUser;
let accountant: TestUser;
let viewer: TestUser;
let physiotherapist: TestUser;
let outsider: TestUser;
let organizationId: string;
let studio: Studio;
let monthlyBrl: { id: string };
let monthlyUsd: { id: string };

const MID_MARCH = new Date('2027-03-15T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(MID_MARCH);
  const created = await createStudio(t, {
    members: {
      accountant: 'ORG_ACCOUNTANT',
      viewer: 'ORG_VIEWER',
      physiotherapist: 'ORG_MEDICAL_PROFESSIONAL',
    },
    schedule: { startDate: '2027-01-04', endDate: '2027-12-29', capacity: 50 },
    plan: { priceCents: 34_900, weeklySessionsLimit: null },
  });
  studio = created;
  ({ owner, organizationId } = created);
  ({ accountant, viewer, physiotherapist } = created.members);
  monthlyBrl = { id: created.planId };
  outsider = await createUser(t);
  await createOrganization(t, outsider);
  monthlyUsd = await createPlan(t, owner, organizationId, {
    name: 'Monthly USD',
    priceCents: 9_900,
    currency: 'USD',
    weeklySessionsLimit: null,
  });
});
beforeEach(() => t.setNow(MID_MARCH));
afterAll(() => t.close());

const orgPath = (suffix: string) => `/organizations/${organizationId}${suffix}`;

let customerNumber = 0;
async function enrolledCustomer(planId = monthlyBrl.id, startDate = '2027-02-01') {
  customerNumber += 1;
  // Paid cycles come from the enrollment's dates: a year, so there are cycles to pay.
  const enrollment = { planId, startDate, endDate: '2027-12-29' };
  return enrollNewCustomer(t, studio, enrollment, { firstName: 'Paga', lastName: `N${customerNumber}` });
}

const body = (ids: { customerId: string; enrollmentId: string }, extra: Record<string, unknown> = {}) => ({
  ...ids,
  amountCents: 34_900,
  currency: 'BRL',
  paidOn: '2027-03-10',
  method: 'PIX',
  status: 'COMPLETED',
  ...extra,
});

function pay(data: Record<string, unknown>, user: TestUser = owner, headers: Record<string, string> = {}) {
  return t.request('POST', orgPath('/payments'), { token: user.token, body: data, headers });
}

async function paid(data: Record<string, unknown>, user: TestUser = owner) {
  const response = await pay(data, user);
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string; cycleStart: string; cycleEnd: string; status: string };
}

async function paymentCount() {
  const [row] = await t.db.select({ value: count() }).from(payments);
  return row?.value ?? 0;
}

async function cyclesOf(customerId: string) {
  const response = await t.request('GET', orgPath(`/customers/${customerId}/billing`), {
    token: owner.token,
  });
  expect(response.status, response.text).toBe(200);
  return response.body.enrollments[0].cycles as { start: string; state: string; paidCents: number }[];
}

describe('the three steps', () => {
  it('refuses a customer with no enrollment (409) and an enrollment that is not theirs (404)', async () => {
    const loner = await createCustomer(t, owner, organizationId, { firstName: 'Sem', lastName: 'Matrícula' });
    const other = await enrolledCustomer();
    const before = await paymentCount();
    const notEnrolled = await pay(body({ customerId: loner.id, enrollmentId: other.enrollmentId }));
    expect(notEnrolled.status).toBe(409);
    expect(notEnrolled.body.error.code).toBe('PAYMENT_CUSTOMER_NOT_ENROLLED');
    const mine = await enrolledCustomer();
    const notTheirs = await pay(body({ customerId: mine.customerId, enrollmentId: other.enrollmentId }));
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.error.code).toBe('ENROLLMENT_NOT_FOUND');
    expect(await paymentCount()).toBe(before);
    // Step 1 shows both, with how many enrollments each has.
    const found = await t.request('GET', orgPath('/payments/customers?search=sem matricula'), {
      token: accountant.token,
    });
    expect(found.body.items).toEqual([
      { customerId: loner.id, name: 'Sem Matrícula', enrollmentCount: 0, purchaseCount: 0 },
    ]);
    const short = await t.request('GET', orgPath('/payments/customers?search=s'), {
      token: accountant.token,
    });
    expect(short.status).toBe(400);
    const enrolled = await t.request('GET', orgPath(`/payments/customers?search=paga n${customerNumber}`), {
      token: accountant.token,
    });
    expect(enrolled.body.items).toEqual([
      { customerId: mine.customerId, name: `Paga N${customerNumber}`, enrollmentCount: 1, purchaseCount: 0 },
    ]);
    // Without a search: the most recently enrolled first, and nobody without an enrollment.
    const recent = await t.request('GET', orgPath('/payments/customers'), { token: accountant.token });
    expect(recent.body.items[0]).toEqual({
      customerId: mine.customerId,
      name: `Paga N${customerNumber}`,
      enrollmentCount: 1,
      purchaseCount: 0,
    });
    expect(recent.body.items.map((c: { customerId: string }) => c.customerId)).not.toContain(loner.id);
  });

  it('pays the first unpaid cycle by default, then the next; a cycle that is not one of theirs is a 400', async () => {
    const ids = await enrolledCustomer(monthlyBrl.id, '2027-01-31');
    const first = await paid(body(ids));
    expect(first).toMatchObject({ cycleStart: '2027-01-31', cycleEnd: '2027-02-27', status: 'COMPLETED' });
    const second = await paid(body(ids));
    expect(second).toMatchObject({ cycleStart: '2027-02-28', cycleEnd: '2027-03-30' });
    const chosen = await paid(body(ids, { cycleStart: '2027-04-30' }));
    expect(chosen.cycleEnd).toBe('2027-05-30');
    const invalid = await pay(body(ids, { cycleStart: '2027-04-01' }));
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe('PAYMENT_CYCLE_INVALID');
  });

  it('refuses bad amounts, currencies, methods and dates with nothing written', async () => {
    const ids = await enrolledCustomer();
    const before = await paymentCount();
    for (const extra of [
      { amountCents: 0 },
      { amountCents: -100 },
      { amountCents: 100_000_001 },
      { amountCents: 10.5 },
      { amountCents: '349' },
      { currency: 'EUR' },
      { method: 'CHEQUE' },
      { status: 'PAID' },
      { paidOn: '2027-02-30' },
    ]) {
      const response = await pay(body(ids, extra));
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect(await paymentCount()).toBe(before);
  });

  it('writes once for the same Idempotency-Key, also when the two requests race', async () => {
    const ids = await enrolledCustomer();
    const before = await paymentCount();
    const headers = { 'idempotency-key': `pay-${ids.customerId}` };
    const [a, b] = await Promise.all([pay(body(ids), owner, headers), pay(body(ids), owner, headers)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    const again = await pay(body(ids), owner, headers);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe((a.status === 201 ? a : b).body.id);
    expect(await paymentCount()).toBe(before + 1);
  });
});

describe('cycles and refunds', () => {
  it('marks cycles paid when COMPLETED payments cover them, and a refund opens the cycle again', async () => {
    const ids = await enrolledCustomer(monthlyBrl.id, '2027-02-01');
    expect((await cyclesOf(ids.customerId)).map((c) => [c.start, c.state])).toEqual([
      ['2027-02-01', 'OVERDUE'],
      ['2027-03-01', 'OVERDUE'],
      ['2027-04-01', 'UPCOMING'],
    ]);
    const payment = await paid(body(ids));
    await paid(body(ids, { amountCents: 20_000, status: 'PENDING' }));
    const cycles = await cyclesOf(ids.customerId);
    expect(cycles[0]).toMatchObject({ state: 'PAID', paidCents: 34_900 });
    expect(cycles[1]).toMatchObject({ state: 'OVERDUE', paidCents: 0 }); // pending money is not paid
    const refunded = await t.request('POST', orgPath(`/payments/${payment.id}/refund`), {
      token: accountant.token,
    });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body.status).toBe('REFUNDED');
    expect((await cyclesOf(ids.customerId))[0]).toMatchObject({ state: 'OVERDUE', paidCents: 0 });
    const twice = await t.request('POST', orgPath(`/payments/${payment.id}/refund`), { token: owner.token });
    expect(twice.body.error.code).toBe('PAYMENT_NOT_REFUNDABLE');
  });

  it('keeps an audit trail of create, edit, refund and delete with the amounts before and after', async () => {
    const ids = await enrolledCustomer();
    const payment = await paid(body(ids));
    // No cycle named: the edit keeps the cycle the payment paid (not the next unpaid one).
    const edited = await t.request('PUT', orgPath(`/payments/${payment.id}`), {
      token: accountant.token,
      body: body(ids, { amountCents: 30_000 }),
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ amountCents: 30_000, cycleStart: payment.cycleStart });
    await t.request('POST', orgPath(`/payments/${payment.id}/refund`), { token: owner.token });
    const deleted = await t.request('DELETE', orgPath(`/payments/${payment.id}`), { token: owner.token });
    expect(deleted.status).toBe(204);
    const trail = await t.db
      .select({ action: auditLog.action, actorId: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'payment'), eq(auditLog.entityId, payment.id)))
      .orderBy(auditLog.id);
    expect(trail).toEqual([
      {
        action: 'payment.created',
        actorId: owner.id,
        details: {
          before: null,
          after: { amountCents: 34_900, status: 'COMPLETED', creditedCents: 0, refundedCents: 0 },
        },
      },
      {
        action: 'payment.updated',
        actorId: accountant.id,
        details: {
          before: expect.objectContaining({ amountCents: 34_900, status: 'COMPLETED' }),
          after: { amountCents: 30_000, status: 'COMPLETED', creditedCents: 0, refundedCents: 0 },
        },
      },
      {
        action: 'payment.refunded',
        actorId: owner.id,
        details: {
          before: expect.objectContaining({ amountCents: 30_000 }),
          after: { amountCents: 30_000, status: 'REFUNDED', creditedCents: 0, refundedCents: 30_000 },
        },
      },
      {
        action: 'payment.deleted',
        actorId: owner.id,
        details: { before: expect.objectContaining({ status: 'REFUNDED' }), after: null },
      },
    ]);
  });

  it('keeps the enrollment a payment paid: deleting it is refused', async () => {
    const ids = await enrolledCustomer();
    await paid(body(ids));
    const response = await t.request('DELETE', orgPath(`/enrollments/${ids.enrollmentId}`), {
      token: owner.token,
    });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('ENROLLMENT_HAS_PAYMENTS');
  });
});

/**
 * A meeting point for `parties` callers: each waits until all have arrived, or fails after 15 s saying how
 * many did not come (a writer blocked on another's lock never arrives).
 */
function barrier(parties: number) {
  let arrived = 0;
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return async () => {
    arrived += 1;
    if (arrived === parties) open();
    await within(opened, 15_000, `${parties - arrived} of ${parties} did not arrive`);
  };
}

describe('the list', () => {
  it('filters by period, status, method, customer and plan, with totals per currency never summed', async () => {
    const brl = await enrolledCustomer(monthlyBrl.id);
    const usd = await enrolledCustomer(monthlyUsd.id);
    await paid(body(brl, { paidOn: '2027-05-02' }));
    await paid(body(brl, { paidOn: '2027-05-03', method: 'CASH', status: 'PENDING', amountCents: 10_000 }));
    await paid(
      body(usd, { paidOn: '2027-05-04', currency: 'USD', amountCents: 9_900, method: 'CREDIT_CARD' }),
    );
    const list = (query: string) =>
      t.request('GET', orgPath(`/payments?from=2027-05-01&to=2027-05-31&${query}`), {
        token: accountant.token,
      });
    const may = await list('');
    expect(may.status, may.text).toBe(200);
    expect(may.body.total).toBe(3);
    expect(may.body.items.map((p: { paidOn: string }) => p.paidOn)).toEqual([
      '2027-05-04',
      '2027-05-03',
      '2027-05-02',
    ]);
    expect(may.body.totals).toEqual([
      { currency: 'BRL', completedCents: 34_900, pendingCents: 10_000, count: 2 },
      { currency: 'USD', completedCents: 9_900, pendingCents: 0, count: 1 },
    ]);
    expect((await list('status=PENDING')).body.total).toBe(1);
    expect((await list('method=CREDIT_CARD')).body.items[0].currency).toBe('USD');
    expect((await list(`customerId=${brl.customerId}`)).body.total).toBe(2);
    expect((await list(`planId=${monthlyUsd.id}`)).body.total).toBe(1);
    const last = await list('limit=1&page=3');
    expect(last.body.items).toHaveLength(1);
    expect(last.body).toMatchObject({ total: 3, totals: may.body.totals });
    // A page past the last has no row to carry the totals with it (decision 018): they are still the filter's.
    expect((await list('limit=2&page=5')).body).toMatchObject({
      items: [],
      total: 3,
      totals: may.body.totals,
    });
    expect((await list('status=PENDING&page=2')).body).toMatchObject({
      items: [],
      total: 1,
      totals: [{ currency: 'BRL', completedCents: 0, pendingCents: 10_000, count: 1 }],
    });
    for (const bad of ['status=PAID', 'method=x', 'page=0', 'limit=101', 'customerId=nope']) {
      expect((await list(bad)).status, bad).toBe(400);
    }
    const backwards = await t.request('GET', orgPath('/payments?from=2027-05-31&to=2027-05-01'), {
      token: owner.token,
    });
    expect(backwards.status).toBe(400);
  });

  it('keeps the unfiltered totals while two transactions write both currencies in opposite orders, neither waiting', async () => {
    // Each writes a BRL and a USD payment's amount, in opposite orders, both first statements before either
    // second. Kept as one row per currency updated in place, the totals would deadlock (PostgreSQL aborting
    // one after a second); each statement adds a row of its own instead (migration 0044), so neither waits.
    const brl = await enrolledCustomer(monthlyBrl.id);
    const usd = await enrolledCustomer(monthlyUsd.id);
    // Four payments: the two transactions share no payment row, only the totals.
    const payment = async (currency: 'BRL' | 'USD', paidOn: string) =>
      currency === 'BRL'
        ? ((await paid(body(brl, { paidOn }))).id as string)
        : ((await paid(body(usd, { paidOn, currency, amountCents: 9_900 }))).id as string);
    const ids = {
      first: { BRL: await payment('BRL', '2027-06-02'), USD: await payment('USD', '2027-06-03') },
      second: { USD: await payment('USD', '2027-06-05'), BRL: await payment('BRL', '2027-06-04') },
    };
    const totals = async () =>
      (await t.request('GET', orgPath('/payments'), { token: accountant.token })).body.totals as {
        currency: string;
        completedCents: number;
      }[];
    const before = await totals();
    const addCents = (tx: Pick<TestApp['db'], 'execute'>, id: string) =>
      tx.execute(sql`update payments set amount_cents = amount_cents + 1
        where organization_id = ${organizationId} and id = ${id}`);
    const firstStatements = barrier(2);
    const writeBoth = (order: Record<'BRL' | 'USD', string>) =>
      t.db.transaction(async (tx) => {
        const [one, two] = Object.values(order) as [string, string];
        await addCents(tx, one);
        await firstStatements();
        await addCents(tx, two);
      });
    await Promise.all([writeBoth(ids.first), writeBoth(ids.second)]);
    const after = await totals();
    for (const currency of ['BRL', 'USD'])
      expect(after.find((row) => row.currency === currency)?.completedCents, currency).toBe(
        (before.find((row) => row.currency === currency)?.completedCents ?? 0) + 2,
      );
  });
});

describe('the list’s plans', () => {
  it('plans a shape of equalities once per connection and a shape with a date range per call, each with only its filters', async () => {
    const brl = await enrolledCustomer(monthlyBrl.id);
    await paid(body(brl, { paidOn: '2027-06-02' }));
    await paid(body(brl, { paidOn: '2027-06-20', status: 'PENDING', amountCents: 10_000 }));
    // By the shape's filters, a bitmask in their order: none; status and customer (4 + 16); from, to, status.
    const shapes = ['payments_page_0', 'payments_page_14', 'payments_totals_14', 'payments_page_7'];
    const june = { from: '2027-06-01', to: '2027-06-30' };
    const { result, added, planCacheMode } = await plansAddedBy(
      t.database.tenantDb,
      organizationId,
      shapes,
      async (db) => {
        const first = { page: 1, limit: 10 };
        const theirs = { status: 'PENDING' as const, customerId: brl.customerId };
        const whole = await listPayments(db, organizationId, {}, first);
        await listPayments(db, organizationId, {}, { page: 2, limit: 10 });
        const pending = await listPayments(db, organizationId, theirs, first);
        // Past the last page: the totals alone, under the same shape's plan.
        const beyond = await listPayments(db, organizationId, theirs, { page: 3, limit: 10 });
        const inJune = await listPayments(db, organizationId, { ...june, status: 'PENDING' }, first);
        await listPayments(db, organizationId, { ...june, status: 'COMPLETED' }, first);
        return { whole: whole.total, pending, beyond, inJune };
      },
    );
    expect(result.whole).toBeGreaterThan(1);
    expect(result.pending.rows.map((row) => row.paidOn)).toEqual(['2027-06-20']);
    const pendingTotals = [{ currency: 'BRL', completedCents: 0, pendingCents: 10_000, count: 1 }];
    expect(result.pending.totals).toEqual(pendingTotals);
    expect(result.beyond).toEqual({ rows: [], totals: pendingTotals, total: 1 });
    expect(result.inJune.rows.map((row) => row.paidOn)).toEqual(['2027-06-20']);
    // Each shape its own statement; equalities on their generic plan, the range planned for its values.
    expect(added).toEqual([
      { name: 'payments_page_0', generic: 2, custom: 0 },
      { name: 'payments_page_14', generic: 2, custom: 0 },
      { name: 'payments_page_7', generic: 0, custom: 2 },
      { name: 'payments_totals_14', generic: 1, custom: 0 },
    ]);
    expect(planCacheMode).toBe('force_custom_plan');
  });

  it('answers every shape on one connection, the one of all eight filters after the one of seven', async () => {
    const brl = await enrolledCustomer(monthlyBrl.id);
    await paid(body(brl, { paidOn: '2027-06-02' }));
    const seven = {
      from: '2027-06-01',
      to: '2027-06-30',
      status: 'COMPLETED' as const,
      method: 'PIX' as const,
      customerId: brl.customerId,
      planId: monthlyBrl.id,
      cycleFrom: '2027-01-01',
    };
    const shapes = ['payments_page_7f', 'payments_page_ff'];
    const { result, added } = await plansAddedBy(t.database.tenantDb, organizationId, shapes, async (db) => {
      const first = { page: 1, limit: 10 };
      const ofSeven = await listPayments(db, organizationId, seven, first);
      const ofEight = await listPayments(db, organizationId, { ...seven, cycleTo: '2027-12-31' }, first);
      return [ofSeven.total, ofEight.total];
    });
    expect(result).toEqual([1, 1]);
    expect(added.map((plan) => plan.name)).toEqual(shapes);
  });
});

describe('permissions', () => {
  it('lets the accountant in, and keeps the viewer and the physiotherapist (a medical professional) out (403) and outsiders out (404)', async () => {
    const ids = await enrolledCustomer();
    const payment = await paid(body(ids), accountant);
    for (const user of [viewer, physiotherapist]) {
      expect((await t.request('GET', orgPath('/payments'), { token: user.token })).status).toBe(403);
      expect((await pay(body(ids), user)).status).toBe(403);
      expect(
        (await t.request('GET', orgPath(`/customers/${ids.customerId}/billing`), { token: user.token }))
          .status,
      ).toBe(403);
    }
    for (const [method, path] of [
      ['GET', '/payments'],
      ['GET', `/payments/${payment.id}`],
      ['POST', `/payments/${payment.id}/refund`],
      ['DELETE', `/payments/${payment.id}`],
      ['GET', `/customers/${ids.customerId}/billing`],
      ['GET', '/pix-settings'],
    ] as const) {
      expect(
        (await t.request(method, orgPath(path), { token: outsider.token })).status,
        `${method} ${path}`,
      ).toBe(404);
    }
    const still = await t.request('GET', orgPath(`/payments/${payment.id}`), { token: owner.token });
    expect(still.body.status).toBe('COMPLETED');
    // The plan filter's list: the accountant may read it without VIEW_CUSTOMER_PLANS; the viewer may not.
    const plans = await t.request('GET', orgPath('/payments/plans'), { token: accountant.token });
    expect(plans.body.items).toEqual(
      expect.arrayContaining([{ id: monthlyUsd.id, name: 'Monthly USD', currency: 'USD', isActive: true }]),
    );
    expect((await t.request('GET', orgPath('/payments/plans'), { token: viewer.token })).status).toBe(403);
  });
});

describe('PIX settings', () => {
  it('keeps the key, name and city; refuses a key that is none of the PIX kinds', async () => {
    const saved = await t.request('PUT', orgPath('/pix-settings'), {
      token: owner.token,
      body: { pixKey: '+5511987654321', pixMerchantName: 'Estúdio Respiro', pixMerchantCity: 'São Paulo' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({
      pixKey: '+5511987654321',
      pixMerchantName: 'Estúdio Respiro',
      pixMerchantCity: 'São Paulo',
    });
    const bad = await t.request('PUT', orgPath('/pix-settings'), {
      token: owner.token,
      body: { pixKey: '11 98765' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0]).toMatchObject({ path: 'pixKey', key: 'validation.pixKey' });
    // The accountant reads them to show codes; the viewer (VIEW_SETTINGS) too; neither may change them.
    for (const user of [accountant, viewer]) {
      const read = await t.request('GET', orgPath('/pix-settings'), { token: user.token });
      expect(read.body.pixKey).toBe('+5511987654321');
      expect((await t.request('PUT', orgPath('/pix-settings'), { token: user.token, body: {} })).status).toBe(
        403,
      );
    }
    expect((await t.request('GET', orgPath('/pix-settings'), { token: physiotherapist.token })).status).toBe(
      403,
    );
  });
});
