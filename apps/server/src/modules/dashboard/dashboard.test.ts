import type { Dashboard } from '@reformer/domain/dashboard';
import { buildAccessProfile } from '@reformer/domain/permissions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chargeDueCycles } from '../../db/billing-cycles.ts';
import { sessionCounts } from '../../db/schema/index.ts';
import {
  addMember,
  createCustomer,
  createEstablishment,
  createOrganization,
  createPlan,
  createSchedule,
  createUser,
  scheduleBody,
  type TestUser,
} from '../../test/factories.ts';
import { plansAddedBy } from '../../test/prepared-plans.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { getDashboard } from './dashboard.service.ts';

/**
 * One studio whose every figure is known (São Paulo, the default zone). Today is Monday 15 March 2027; the
 * attendance window is 13 February – 14 March.
 * - Reformer (Centro, Mon+Wed, 4 seats): 8 sessions in the window. Ana is enrolled from 1 March: 4 seats
 *   there, checked in on 1, 3 and 8 March. Today: Ana and Caio (added) = 2 of 4.
 * - Mat (Praia, Mon, 2 seats): 2 sessions in the window. Bia, enrolled from 1 March: 2 seats, checked in on
 *   1 March. Today: Bia = 1 of 2.
 * - Sábado (Centro, Sat, 10 seats): 5 sessions in the window. Davi and Eva, enrolled since 2 January: 10
 *   seats, Davi checked in on 13 February. Eva's enrollment is canceled today (it covered the window).
 * Attendance: 5 check-ins of 16 expected.
 * Money: Ana paid R$ 349 on 26 Feb (last month); Davi paid January's cycle on 20 Jan (neither month), R$ 200
 * of February's on 10 Mar (this month) and has R$ 149 PENDING (not money yet); Bia paid US$ 49 of her US$ 99
 * on 5 Mar. Overdue: Davi's February (R$ 149 left) and March (R$ 349) cycles, Bia's March (US$ 50 left);
 * Eva's unpaid cycles are not, her enrollment being canceled.
 */
const TODAY = new Date('2027-03-15T12:00:00Z');

let t: TestApp;
let owner: TestUser;
let accountant: TestUser;
let manager: TestUser;
let praiaInstructor: TestUser;
let outsider: TestUser;
let organizationId: string;
const customerIds: Record<string, string> = {};
const sessionIds: Record<string, string> = {};
const enrollmentIds: Record<string, string> = {};
let brlPlanId: string;

const orgPath = (suffix: string) => `/organizations/${organizationId}${suffix}`;

async function post(path: string, body: unknown, status = 201) {
  const response = await t.request('POST', orgPath(path), { token: owner.token, body });
  expect(response.status, response.text).toBe(status);
  return response.body;
}

async function sessionOn(scheduleId: string, date: string): Promise<string> {
  const response = await t.request(
    'GET',
    orgPath(`/sessions?from=${date}&to=${date}&scheduleId=${scheduleId}`),
    {
      token: owner.token,
    },
  );
  expect(response.status, response.text).toBe(200);
  const [session] = response.body.items as { id: string }[];
  if (!session) throw new Error(`no session of ${scheduleId} on ${date}`);
  return session.id;
}

async function checkIn(scheduleId: string, date: string, customer: string) {
  await post(
    `/sessions/${await sessionOn(scheduleId, date)}/check-ins`,
    { customerId: customerIds[customer] },
    200,
  );
}

async function enroll(customer: string, planId: string, scheduleId: string, dates: [string, string]) {
  const body = {
    customerId: customerIds[customer],
    planId,
    scheduleId,
    startDate: dates[0],
    endDate: dates[1],
  };
  return (await post('/enrollments', body)).id as string;
}

async function pay(customer: string, enrollmentId: string, payment: Record<string, unknown>) {
  await post('/payments', {
    customerId: customerIds[customer],
    enrollmentId,
    currency: 'BRL',
    method: 'PIX',
    status: 'COMPLETED',
    ...payment,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(TODAY);
  owner = await createUser(t);
  outsider = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
  await createOrganization(t, outsider);
  const centro = (await createEstablishment(t, owner, organizationId, 'Centro')).id;
  const praia = (await createEstablishment(t, owner, organizationId, 'Praia')).id;
  const carla = await addMember(t, owner, organizationId, {
    establishments: [{ establishmentId: centro, role: 'EST_INSTRUCTOR' }],
  });
  praiaInstructor = await addMember(t, owner, organizationId, {
    establishments: [{ establishmentId: praia, role: 'EST_INSTRUCTOR' }],
  });
  accountant = await addMember(t, owner, organizationId, { role: 'ORG_ACCOUNTANT' });
  manager = await addMember(t, owner, organizationId, { role: 'ORG_MANAGER' });

  const reformer = await createSchedule(
    t,
    owner,
    organizationId,
    scheduleBody(centro, carla.id, { name: 'Reformer', capacity: 4, startDate: '2027-02-01' }),
  );
  const mat = await createSchedule(
    t,
    owner,
    organizationId,
    scheduleBody(praia, praiaInstructor.id, {
      name: 'Mat',
      capacity: 2,
      startTime: '18:00',
      endTime: '19:00',
      daysOfWeek: [1],
    }),
  );
  const saturday = await createSchedule(
    t,
    owner,
    organizationId,
    scheduleBody(centro, carla.id, {
      name: 'Sábado',
      capacity: 10,
      startTime: '10:00',
      endTime: '11:00',
      startDate: '2027-01-02',
      endDate: '2027-12-25',
      daysOfWeek: [6],
    }),
  );
  const brl = (await createPlan(t, owner, organizationId, { weeklySessionsLimit: null })).id;
  const usd = (
    await createPlan(t, owner, organizationId, {
      name: 'Monthly USD',
      priceCents: 9_900,
      currency: 'USD',
      weeklySessionsLimit: null,
    })
  ).id;

  const people: [string, string | null, string?][] = [
    ['Ana', '1990-03-17'],
    ['Bia', '1992-03-15'],
    ['Caio', null],
    ['Davi', '1985-03-22'],
    ['Eva', '1988-03-16'],
    ['Fábio', '1970-03-20', 'INACTIVE'],
    ['Gil', '1980-03-18'],
  ];
  for (const [firstName, dateOfBirth, status] of people) {
    const body = { firstName, lastName: 'Lima', dateOfBirth, status: status ?? 'ACTIVE' };
    customerIds[firstName] = (await createCustomer(t, owner, organizationId, body)).id;
  }
  const deleted = await t.request('DELETE', orgPath(`/customers/${customerIds.Gil}`), { token: owner.token });
  expect(deleted.status, deleted.text).toBe(204);

  const ana = await enroll('Ana', brl, reformer.id, ['2027-03-01', '2027-03-31']);
  const bia = await enroll('Bia', usd, mat.id, ['2027-03-01', '2027-05-31']);
  const davi = await enroll('Davi', brl, saturday.id, ['2027-01-02', '2027-12-25']);
  const eva = await enroll('Eva', brl, saturday.id, ['2027-01-02', '2027-12-25']);
  await post(`/enrollments/${eva}/actions`, { action: 'CANCEL' }, 200);
  Object.assign(enrollmentIds, { Ana: ana, Davi: davi });
  brlPlanId = brl;

  for (const date of ['2027-03-01', '2027-03-03', '2027-03-08']) await checkIn(reformer.id, date, 'Ana');
  await checkIn(mat.id, '2027-03-01', 'Bia');
  await checkIn(saturday.id, '2027-02-13', 'Davi');
  sessionIds.reformer = await sessionOn(reformer.id, '2027-03-15');
  sessionIds.mat = await sessionOn(mat.id, '2027-03-15');
  await post(`/sessions/${sessionIds.reformer}/customers`, {
    customerIds: [customerIds.Caio],
    reason: 'TRIAL_CLASS',
  });

  await pay('Ana', ana, { cycleStart: '2027-03-01', amountCents: 34_900, paidOn: '2027-02-26' });
  await pay('Davi', davi, { cycleStart: '2027-01-02', amountCents: 34_900, paidOn: '2027-01-20' });
  await pay('Davi', davi, { cycleStart: '2027-02-02', amountCents: 20_000, paidOn: '2027-03-10' });
  await pay('Davi', davi, {
    cycleStart: '2027-02-02',
    amountCents: 14_900,
    paidOn: '2027-03-11',
    status: 'PENDING',
  });
  await pay('Bia', bia, {
    cycleStart: '2027-03-01',
    amountCents: 4_900,
    paidOn: '2027-03-05',
    currency: 'USD',
  });
});
beforeEach(() => t.setNow(TODAY));
afterAll(() => t.close());

async function dashboard(user: TestUser = owner): Promise<Dashboard> {
  const response = await t.request('GET', orgPath('/dashboard'), { token: user.token });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

describe('the owner’s figures', () => {
  it('today’s sessions with their occupancy, in the organization’s day', async () => {
    const body = await dashboard();
    expect(body.today).toBe('2027-03-15');
    expect(body.timeZone).toBe('America/Sao_Paulo');
    expect(body.sessions?.today).toEqual([
      {
        id: sessionIds.reformer,
        scheduleName: 'Reformer',
        establishmentName: 'Centro',
        startTime: '07:00',
        endTime: '08:00',
        capacity: 4,
        seatsTaken: 2,
        checkedIn: 0,
        occupancy: 0.5,
      },
      {
        id: sessionIds.mat,
        scheduleName: 'Mat',
        establishmentName: 'Praia',
        startTime: '18:00',
        endTime: '19:00',
        capacity: 2,
        seatsTaken: 1,
        checkedIn: 0,
        occupancy: 0.5,
      },
    ]);
  });

  it('keeps the counts of the day’s sessions it counted, and shows the same from them on the next call', async () => {
    const keptToday = async () =>
      (
        await t.db
          .select({ sessionId: sessionCounts.sessionId, seats: sessionCounts.rosterCount })
          .from(sessionCounts)
          .where(and(eq(sessionCounts.organizationId, organizationId), eq(sessionCounts.day, '2027-03-15')))
          .orderBy(sessionCounts.sessionId)
      ).map((row) => `${row.sessionId}:${row.seats}`);
    await t.db.delete(sessionCounts).where(eq(sessionCounts.organizationId, organizationId));
    const counted = await dashboard();
    expect(await keptToday()).toEqual([`${sessionIds.reformer}:2`, `${sessionIds.mat}:1`].sort());
    expect((await dashboard()).sessions?.today).toEqual(counted.sessions?.today);
  });

  it('attendance rate and occupancy per schedule over the 30 days before today', async () => {
    const { sessions } = await dashboard();
    const period = { from: '2027-02-13', to: '2027-03-14' };
    expect(sessions?.attendance).toEqual({ period, checkedIn: 5, expected: 16, rate: 5 / 16 });
    expect(sessions?.occupancyBySchedule.period).toEqual(period);
    expect(sessions?.occupancyBySchedule.items.map(({ scheduleId: _, ...row }) => row)).toEqual([
      { scheduleName: 'Mat', sessions: 2, seatsTaken: 2, seats: 4, occupancy: 0.5 },
      { scheduleName: 'Reformer', sessions: 8, seatsTaken: 4, seats: 32, occupancy: 0.125 },
      { scheduleName: 'Sábado', sessions: 5, seatsTaken: 10, seats: 50, occupancy: 0.2 },
    ]);
  });

  it('revenue this month so far against last month, per currency', async () => {
    const { payments } = await dashboard();
    expect(payments?.thisMonth).toEqual({ from: '2027-03-01', to: '2027-03-15' });
    expect(payments?.lastMonth).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(payments?.revenue).toEqual([
      { currency: 'BRL', thisMonthCents: 20_000, lastMonthCents: 34_900 },
      { currency: 'USD', thisMonthCents: 4_900, lastMonthCents: 0 },
    ]);
  });

  it('overdue cycles of active enrollments: count, customers and what is left to pay, per currency', async () => {
    const { payments } = await dashboard();
    expect(payments?.overdue).toEqual([
      { currency: 'BRL', cycles: 2, customers: 1, amountCents: 49_800 },
      { currency: 'USD', cycles: 1, customers: 1, amountCents: 5_000 },
    ]);
  });

  it('active customers and this week’s birthdays of customers on the books', async () => {
    const { customers } = await dashboard();
    expect(customers?.active).toBe(5);
    expect(customers?.birthdays).toEqual({
      period: { from: '2027-03-15', to: '2027-03-21' },
      items: [
        { customerId: customerIds.Bia, name: 'Bia Lima', birthday: '2027-03-15', age: 35 },
        { customerId: customerIds.Eva, name: 'Eva Lima', birthday: '2027-03-16', age: 39 },
        { customerId: customerIds.Ana, name: 'Ana Lima', birthday: '2027-03-17', age: 37 },
        { customerId: customerIds.Fábio, name: 'Fábio Lima', birthday: '2027-03-20', age: 57 },
      ],
    });
  });

  it('takes the month in the organization’s zone: 1 March 02:00 UTC is still February in São Paulo', async () => {
    t.setNow(new Date('2027-03-01T02:00:00Z'));
    const body = await dashboard();
    expect(body.today).toBe('2027-02-28');
    expect(body.payments?.revenue).toEqual([
      { currency: 'BRL', thisMonthCents: 34_900, lastMonthCents: 34_900 },
    ]);
  });
});

type Cycle = { state: string; priceCents: number; paidCents: number };
type Billing = { enrollments: { status: string; currency: string; cycles: Cycle[] }[] };

/** The overdue figures as the customers' billing tabs (payments `billingCycleStates`) see them. */
async function overdueFromBillingTabs() {
  const totals = new Map<
    string,
    { currency: string; cycles: number; customers: number; amountCents: number }
  >();
  for (const customerId of Object.values(customerIds)) {
    const response = await t.request('GET', orgPath(`/customers/${customerId}/billing`), {
      token: owner.token,
    });
    if (response.status === 404) continue;
    const billing = response.body as Billing;
    const owing = new Set<string>();
    for (const enrollment of billing.enrollments.filter((e) => e.status === 'ACTIVE')) {
      for (const cycle of enrollment.cycles.filter((c) => c.state === 'OVERDUE')) {
        const total = totals.get(enrollment.currency) ?? {
          currency: enrollment.currency,
          cycles: 0,
          customers: 0,
          amountCents: 0,
        };
        total.cycles += 1;
        total.amountCents += cycle.priceCents - cycle.paidCents;
        if (!owing.has(enrollment.currency)) total.customers += 1;
        owing.add(enrollment.currency);
        totals.set(enrollment.currency, total);
      }
    }
  }
  return [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

describe('how its statements are planned', () => {
  it('plans the kept figures’ statements once per connection, not on every call, and the rest per call', async () => {
    const access = {
      organizationId,
      membership: { orgRole: 'ORG_OWNER' as const, establishmentRoles: [] },
      profile: buildAccessProfile(owner.id, { orgRole: 'ORG_OWNER', establishmentRoles: [] }),
    };
    // The first call may find figures to recompute (its later statements are planned per call, as any).
    await dashboard();
    const names = [
      'dashboard_customers',
      'dashboard_kept_money',
      'dashboard_kept_sessions',
      'dashboard_sessions_on',
    ] as const;
    const { result, added, planCacheMode } = await plansAddedBy(
      t.database.tenantDb,
      organizationId,
      names,
      (db) => getDashboard(db, access, TODAY),
    );
    expect(result).toEqual(await dashboard());
    expect(added).toEqual(names.map((name) => ({ name, generic: 1, custom: 0 })));
    expect(planCacheMode).toBe('force_custom_plan');
  });
});

describe('the overdue SQL and the billing rule', () => {
  it('agree on every date, from before the first cycle to past the enrollments’ ends', async () => {
    let owedOn = 0;
    for (const now of [
      '2027-01-01',
      '2027-01-03',
      '2027-02-02',
      '2027-02-03',
      '2027-03-02',
      '2027-04-01',
      '2027-06-02',
      '2028-01-10',
    ]) {
      t.setNow(new Date(`${now}T15:00:00Z`));
      const { payments } = await dashboard();
      expect(payments?.overdue, now).toEqual(await overdueFromBillingTabs());
      owedOn += payments?.overdue.length ? 1 : 0;
    }
    expect(owedOn).toBeGreaterThanOrEqual(5);
  });

  it('agree that a cycle due on a Saturday or a national holiday is overdue only after the next business day', async () => {
    // Decision 035. Bia's cycle due Saturday 1 May 2027 (Labour Day) is payable until Monday 3 May; Davi's due
    // Tuesday 2 November (All Souls' Day) until Wednesday 3 November.
    const overdueCyclesOn = async (now: string) => {
      t.setNow(new Date(`${now}T15:00:00Z`));
      const { payments } = await dashboard();
      expect(payments?.overdue, now).toEqual(await overdueFromBillingTabs());
      return Object.fromEntries(payments?.overdue.map((row) => [row.currency, row.cycles]) ?? []);
    };
    const cyclesOn = async (currency: string, days: string[]) => {
      const counts: number[] = [];
      for (const now of days) counts.push((await overdueCyclesOn(now))[currency] ?? 0);
      return counts;
    };
    expect(await cyclesOn('USD', ['2027-05-02', '2027-05-03', '2027-05-04'])).toEqual([2, 2, 3]);
    expect(await cyclesOn('BRL', ['2027-11-02', '2027-11-03', '2027-11-04'])).toEqual([9, 9, 10]);
  });

  it('agree once cycles are charged, the price rises, money goes to credit and part of a payment comes back', async () => {
    // Decision 028: charged cycles keep their amount; credit paid beyond a cycle, applied to another, and a
    // partial refund move what is paid the same way in both.
    t.setNow(new Date('2027-04-01T15:00:00Z'));
    expect(await chargeDueCycles(t.db, new Date('2027-04-01T15:00:00Z'))).toBeGreaterThan(0);
    const raised = await t.request('PUT', orgPath(`/customer-plans/${brlPlanId}`), {
      token: owner.token,
      body: {
        name: 'Mensal 2x',
        description: 'Duas aulas por semana',
        priceCents: 40_000,
        currency: 'BRL',
        billingCycle: 'MONTHLY',
        features: ['Reformer'],
        weeklySessionsLimit: null,
      },
    });
    expect(raised.status, raised.text).toBe(200);
    await pay('Davi', enrollmentIds.Davi ?? '', {
      cycleStart: '2027-01-02',
      amountCents: 10_000,
      paidOn: '2027-04-01',
      recordExcessAsCredit: true,
    });
    await post(
      `/customers/${customerIds.Davi}/billing/credit-applications`,
      { enrollmentId: enrollmentIds.Davi, cycleStart: '2027-03-02' },
      200,
    );
    const anas = await t.request('GET', orgPath(`/payments?customerId=${customerIds.Ana}`), {
      token: owner.token,
    });
    await post(`/payments/${anas.body.items[0].id}/refund`, { amountCents: 4_900 }, 200);
    for (const now of ['2027-04-01', '2027-06-02', '2028-01-10']) {
      t.setNow(new Date(`${now}T15:00:00Z`));
      const { payments } = await dashboard();
      expect(payments?.overdue, now).toEqual(await overdueFromBillingTabs());
    }
  });
});

describe('what each member may see', () => {
  it('an accountant gets the money and nothing of sessions or customers', async () => {
    const body = await dashboard(accountant);
    expect(body.payments?.revenue).toHaveLength(2);
    expect(body).not.toHaveProperty('sessions');
    expect(body).not.toHaveProperty('customers');
  });

  it('a manager (no VIEW_PAYMENTS, no VIEW_SCHEDULES) gets no revenue nor overdue, only customers', async () => {
    const body = await dashboard(manager);
    expect(body).not.toHaveProperty('payments');
    expect(body).not.toHaveProperty('sessions');
    expect(body.customers?.active).toBe(5);
  });

  it('an instructor of one establishment sees its sessions only, and no money', async () => {
    const body = await dashboard(praiaInstructor);
    expect(body).not.toHaveProperty('payments');
    expect(body.sessions?.today.map((session) => session.scheduleName)).toEqual(['Mat']);
    expect(body.sessions?.occupancyBySchedule.items.map((row) => row.scheduleName)).toEqual(['Mat']);
    expect(body.sessions?.attendance).toMatchObject({ checkedIn: 1, expected: 2, rate: 0.5 });
  });

  it('an outsider gets 404, as if the organization did not exist', async () => {
    const response = await t.request('GET', orgPath('/dashboard'), { token: outsider.token });
    expect(response.status).toBe(404);
    const anonymous = await t.request('GET', orgPath('/dashboard'));
    expect(anonymous.status).toBe(401);
  });
});
