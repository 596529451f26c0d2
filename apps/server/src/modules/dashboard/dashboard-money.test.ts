import type { CustomerCreditList } from '@reformer/domain/customer-credits';
import { billingCycleMonths, type CustomerPlan } from '@reformer/domain/customer-plans';
import { type Dashboard, dashboardPeriods } from '@reformer/domain/dashboard';
import { billedThrough, cycleDueDates, recurringRevenueCents } from '@reformer/domain/dashboard-money';
import { type Enrollment, keepsRenewing, lastCoveredDate } from '@reformer/domain/enrollments';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chargeDueCycles } from '../../db/billing-cycles.ts';
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
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The owner's money (issue #26 §5). Today is Monday 15 March 2027 in São Paulo. Schedule "Tarde" runs to
 * 31 December, "Curto" ends on 20 May (renewals stop there). Monthly BRL plan R$ 300 (renews), quarterly BRL
 * R$ 747 (renews), monthly USD US$ 100 (does not renew).
 * - Ana: monthly from 10 March, renewing; paid R$ 350 for March (R$ 50 to credit).
 * - Bia: quarterly from 1 February, renewing; paid R$ 800 for February–April (R$ 53 to credit).
 * - Caio: monthly on Curto from 20 March (not started: no recurring revenue yet).
 * - Davi: USD from 1 March to 30 April, not renewing; paid US$ 100 for March, US$ 30 given back.
 * - Eva: monthly from 5 January to 4 April, set to end; paid March's R$ 300 on 28 February.
 * - Fábio: monthly from 15 January, cancelled from 20 April (no longer billed: the billing rule charges ACTIVE
 *   enrollments); paid R$ 400 for February on 2 March (R$ 100 to credit, then spent on March).
 * - Gil: monthly, paused (nothing counts).
 * Every cycle due by today is charged at R$ 300; then the monthly plan rises to R$ 320, which the cycles
 * not charged yet owe.
 */
const TODAY = new Date('2027-03-15T15:00:00Z');

let t: TestApp;
let owner: TestUser;
let manager: TestUser;
let accountant: TestUser;
let outsider: TestUser;
let organizationId: string;
const customerIds: Record<string, string> = {};

const orgPath = (suffix: string) => `/organizations/${organizationId}${suffix}`;

async function request(method: string, path: string, body?: unknown, user: TestUser = owner) {
  const response = await t.request(method, orgPath(path), { token: user.token, body });
  expect(response.status, response.text).toBeLessThan(300);
  return response.body;
}

async function enroll(customer: string, planId: string, scheduleId: string, start: string, end?: string) {
  const body = { customerId: customerIds[customer], planId, scheduleId, startDate: start, endDate: end };
  return (await request('POST', '/enrollments', body)).id as string;
}

async function pay(customer: string, enrollmentId: string, payment: Record<string, unknown>) {
  const body = { customerId: customerIds[customer], enrollmentId, currency: 'BRL', method: 'PIX' };
  return request('POST', '/payments', { ...body, status: 'COMPLETED', ...payment });
}

const monthlyBody = {
  name: 'Mensal',
  description: 'Duas aulas por semana',
  priceCents: 30_000,
  currency: 'BRL',
  billingCycle: 'MONTHLY',
  features: ['Reformer'],
  weeklySessionsLimit: null,
};

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(TODAY);
  owner = await createUser(t);
  outsider = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
  await createOrganization(t, outsider);
  const centro = (await createEstablishment(t, owner, organizationId, 'Centro')).id;
  const instructor = await addMember(t, owner, organizationId, {
    establishments: [{ establishmentId: centro, role: 'EST_INSTRUCTOR' }],
  });
  manager = await addMember(t, owner, organizationId, { role: 'ORG_MANAGER' });
  accountant = await addMember(t, owner, organizationId, { role: 'ORG_ACCOUNTANT' });
  const schedule = (body: Record<string, unknown>) =>
    createSchedule(t, owner, organizationId, scheduleBody(centro, instructor.id, { capacity: 10, ...body }));
  const tarde = (await schedule({ name: 'Tarde', startDate: '2027-01-01', endDate: '2027-12-31' })).id;
  const curto = (await schedule({ name: 'Curto', startDate: '2027-03-01', endDate: '2027-05-20' })).id;
  const monthly = (await createPlan(t, owner, organizationId, monthlyBody)).id;
  const quarterly = (
    await createPlan(t, owner, organizationId, {
      ...monthlyBody,
      name: 'Trimestral',
      priceCents: 74_700,
      billingCycle: 'QUARTERLY',
      renewsAutomatically: true,
    })
  ).id;
  const usd = (
    await createPlan(t, owner, organizationId, {
      ...monthlyBody,
      name: 'Monthly USD',
      priceCents: 10_000,
      currency: 'USD',
      renewsAutomatically: false,
    })
  ).id;
  for (const firstName of ['Ana', 'Bia', 'Caio', 'Davi', 'Eva', 'Fábio', 'Gil']) {
    customerIds[firstName] = (
      await createCustomer(t, owner, organizationId, { firstName, lastName: 'Lima' })
    ).id;
  }

  const ana = await enroll('Ana', monthly, tarde, '2027-03-10');
  const bia = await enroll('Bia', quarterly, tarde, '2027-02-01');
  await enroll('Caio', monthly, curto, '2027-03-20');
  const davi = await enroll('Davi', usd, tarde, '2027-03-01', '2027-04-30');
  const eva = await enroll('Eva', monthly, tarde, '2027-01-05', '2027-04-04');
  await request('POST', `/enrollments/${eva}/actions`, { action: 'SET_RENEWAL', renewal: 'ENDS' });
  const fabio = await enroll('Fábio', monthly, tarde, '2027-01-15');
  await request('POST', `/enrollments/${fabio}/actions`, { action: 'CANCEL', from: '2027-04-20' });
  const gil = await enroll('Gil', monthly, tarde, '2027-02-01');
  await request('POST', `/enrollments/${gil}/actions`, { action: 'PAUSE', resumeOn: '2027-06-01' });

  const excess = { recordExcessAsCredit: true };
  await pay('Ana', ana, { cycleStart: '2027-03-10', amountCents: 35_000, paidOn: '2027-03-11', ...excess });
  await pay('Bia', bia, { cycleStart: '2027-02-01', amountCents: 80_000, paidOn: '2027-02-02', ...excess });
  const davis = await pay('Davi', davi, {
    cycleStart: '2027-03-01',
    amountCents: 10_000,
    paidOn: '2027-03-02',
    currency: 'USD',
  });
  await request('POST', `/payments/${davis.id}/refund`, { amountCents: 3_000 });
  await pay('Eva', eva, { cycleStart: '2027-03-05', amountCents: 30_000, paidOn: '2027-02-28' });
  await pay('Fábio', fabio, {
    cycleStart: '2027-02-15',
    amountCents: 40_000,
    paidOn: '2027-03-02',
    ...excess,
  });
  await request('POST', `/customers/${customerIds.Fábio}/billing/credit-applications`, {
    enrollmentId: fabio,
    cycleStart: '2027-03-15',
  });
  await chargeDueCycles(t.db, TODAY);
  await request('PUT', `/customer-plans/${monthly}`, { ...monthlyBody, priceCents: 32_000 });
});
beforeEach(() => t.setNow(TODAY));
afterAll(() => t.close());

async function money(user: TestUser = owner) {
  return ((await request('GET', '/dashboard', undefined, user)) as Dashboard).payments;
}

describe('the owner’s money at a glance', () => {
  it('recurring revenue of the subscriptions running today: each price per month, the plan’s price today', async () => {
    // BRL: Ana and Eva R$ 320 each (the new price), Bia R$ 747 / 3; Caio has not started, Gil is paused,
    // Fábio's enrollment is cancelled (the billing rule charges ACTIVE enrollments only).
    expect((await money())?.recurring).toEqual([
      { currency: 'BRL', subscriptions: 3, monthlyCents: 2 * 32_000 + 24_900 },
      { currency: 'USD', subscriptions: 1, monthlyCents: 10_000 },
    ]);
  });

  it('this month’s cycles against what was received for them, per currency', async () => {
    // BRL due: Eva 5th, Ana 10th (charged at R$ 300) and Caio 20th (R$ 320, not charged yet); Fábio's is
    // not (cancelled). Received for them: Ana R$ 350 and Eva R$ 300 (paid in February).
    expect((await money())?.dueThisMonth).toEqual({
      period: { from: '2027-03-01', to: '2027-03-31' },
      items: [
        { currency: 'BRL', cycles: 3, expectedCents: 2 * 30_000 + 32_000, receivedCents: 65_000 },
        { currency: 'USD', cycles: 1, expectedCents: 10_000, receivedCents: 7_000 },
      ],
    });
  });

  it('the next three months: renewals count, enrollments set to end or cancelled stop, a schedule’s end stops renewals', async () => {
    expect((await money())?.forecast).toEqual([
      {
        // Ana (renewed) and Caio at R$ 320; Davi's last; Eva ends on 4 April, the day before her cycle.
        period: { from: '2027-04-01', to: '2027-04-30' },
        items: [
          { currency: 'BRL', cycles: 2, expectedCents: 2 * 32_000 },
          { currency: 'USD', cycles: 1, expectedCents: 10_000 },
        ],
      },
      {
        // Ana, Bia's second quarter, Caio's cycle on the schedule's last day.
        period: { from: '2027-05-01', to: '2027-05-31' },
        items: [{ currency: 'BRL', cycles: 3, expectedCents: 2 * 32_000 + 74_700 }],
      },
      {
        period: { from: '2027-06-01', to: '2027-06-30' },
        items: [{ currency: 'BRL', cycles: 1, expectedCents: 32_000 }],
      },
    ]);
  });

  it('credit balances above zero: customers and total per currency', async () => {
    // Fábio spent his on March; Davi's refund came from his cycle.
    expect((await money())?.credit).toEqual([{ currency: 'BRL', customers: 2, balanceCents: 5_000 + 5_300 }]);
  });

  it('the forecast SQL agrees with the domain’s rule over the enrollments, on dates across the year', async () => {
    for (const now of ['2027-01-20', '2027-03-15', '2027-04-02', '2027-05-25', '2027-11-10']) {
      t.setNow(new Date(`${now}T15:00:00Z`));
      const payments = await money();
      const cycles = (items: { currency: string; cycles: number }[]) =>
        items.map((row) => ({ currency: row.currency, cycles: row.cycles }));
      const fromSql = [payments?.dueThisMonth ?? { items: [] }, ...(payments?.forecast ?? [])];
      const twin = await forecastFromEnrollments(now);
      expect(
        fromSql.map((month) => cycles(month.items)),
        now,
      ).toEqual(twin.cycles);
      expect(payments?.recurring, now).toEqual(twin.recurring);
    }
  });
});

/** The cycles due per month and currency, and the recurring revenue, from the enrollments by the domain's rules. */
async function forecastFromEnrollments(today: string) {
  const { items: enrollments } = (await request('GET', '/enrollments?limit=100')) as { items: Enrollment[] };
  const plans = (await request('GET', '/customer-plans')) as CustomerPlan[];
  const periods = dashboardPeriods(today);
  const months = [periods.wholeMonth, ...periods.forecast];
  const cycles = months.map(() => new Map<string, number>());
  const subscriptions = new Map<string, { priceCents: number; cycleMonths: number }[]>();
  for (const enrollment of enrollments.filter((e) => e.status === 'ACTIVE')) {
    const plan = plans.find((p) => p.id === enrollment.planId);
    if (!plan) throw new Error(`no plan ${enrollment.planId}`);
    const cycleMonths = billingCycleMonths(plan.billingCycle);
    const renewing = keepsRenewing(enrollment, enrollment.planRenewsAutomatically);
    const lastCovered = lastCoveredDate(enrollment);
    const through = billedThrough({
      lastCoveredDate: lastCovered,
      renewing,
      scheduleEndDate: enrollment.scheduleEndDate,
    });
    months.forEach((month, index) => {
      const due = cycleDueDates(enrollment.startDate, cycleMonths, month, through).length;
      const counts = cycles[index] ?? new Map<string, number>();
      if (due > 0) counts.set(plan.currency, (counts.get(plan.currency) ?? 0) + due);
    });
    if (enrollment.startDate <= today && (renewing || lastCovered >= today)) {
      subscriptions.set(plan.currency, [
        ...(subscriptions.get(plan.currency) ?? []),
        { priceCents: plan.priceCents, cycleMonths },
      ]);
    }
  }
  const sorted = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => a.localeCompare(b));
  return {
    cycles: cycles.map((counts) => sorted(counts).map(([currency, count]) => ({ currency, cycles: count }))),
    recurring: sorted(subscriptions).map(([currency, items]) => ({
      currency,
      subscriptions: items.length,
      monthlyCents: recurringRevenueCents(items),
    })),
  };
}

describe('the lists the figures open', () => {
  it('the payments of this month’s cycles give the received figure as their total', async () => {
    const list = await request('GET', '/payments?cycleFrom=2027-03-01&cycleTo=2027-03-31&status=COMPLETED');
    expect(
      list.totals.map((row: { currency: string; completedCents: number }) => row.completedCents),
    ).toEqual([65_000, 7_000]);
    expect(list.items).toHaveLength(3);
    const crossed = await t.request('GET', orgPath('/payments?cycleFrom=2027-03-31&cycleTo=2027-03-01'), {
      token: owner.token,
    });
    expect(crossed.status).toBe(400);
  });

  it('customers with credit, largest first, per currency', async () => {
    const list = (await request('GET', '/customer-credits')) as CustomerCreditList;
    expect(list).toEqual({
      items: [
        { customerId: customerIds.Bia, name: 'Bia Lima', currency: 'BRL', balanceCents: 5_300 },
        { customerId: customerIds.Ana, name: 'Ana Lima', currency: 'BRL', balanceCents: 5_000 },
      ],
      total: 2,
      page: 1,
      limit: 10,
    });
    const second = (await request('GET', '/customer-credits?limit=1&page=2')) as CustomerCreditList;
    expect(second.items.map((row) => row.name)).toEqual(['Ana Lima']);
    expect(second.total).toBe(2);
    const usd = (await request('GET', '/customer-credits?currency=USD')) as CustomerCreditList;
    expect(usd).toMatchObject({ items: [], total: 0 });
  });

  it('refuses a bad filter with 400', async () => {
    const response = await t.request('GET', orgPath('/customer-credits?currency=EUR'), {
      token: owner.token,
    });
    expect(response.status).toBe(400);
  });
});

describe('who sees the money', () => {
  it('an accountant sees the figures and the credit list', async () => {
    expect((await money(accountant))?.credit).toHaveLength(1);
    expect((await request('GET', '/customer-credits', undefined, accountant)).total).toBe(2);
  });

  it('a manager (no VIEW_PAYMENTS) gets no money part, and 403 on the credit list', async () => {
    expect(await money(manager)).toBeUndefined();
    const response = await t.request('GET', orgPath('/customer-credits'), { token: manager.token });
    expect(response.status).toBe(403);
  });

  it('an outsider gets 404 on the credit list, as if the organization did not exist', async () => {
    const response = await t.request('GET', orgPath('/customer-credits'), { token: outsider.token });
    expect(response.status).toBe(404);
  });
});
