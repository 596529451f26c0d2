import type { ChurnRiskList } from '@reformer/domain/churn-risk';
import type { Dashboard } from '@reformer/domain/dashboard';
import type { CustomerBilling } from '@reformer/domain/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser, type TestUser } from '../../test/factories.ts';
import { createStudio, enrollNewCustomer } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Decision 035: a cycle due on a weekend or a bank holiday is payable until the next business day and
 * overdue the day after — on the billing tab (domain rule), the dashboard and the churn risk (SQL twin) alike.
 * Sábado's one cycle is due on Saturday 6 March 2027 (payable until Monday 8); Feriado's on Wednesday 21 April,
 * Tiradentes (payable until Thursday 22). Neither pays.
 */
let t: TestApp;
let owner: TestUser;
let outsider: TestUser;
let organizationId: string;
const customerIds: Record<string, string> = {};

const orgPath = (suffix: string, orgId = organizationId) => `/organizations/${orgId}${suffix}`;

async function get<T>(path: string, user = owner): Promise<T> {
  const response = await t.request('GET', orgPath(path), { token: user.token });
  expect(response.status, response.text).toBe(200);
  return response.body as T;
}

/** The customer's only cycle, its overdue count on the dashboard and whether the churn risk counts it. */
async function overdueOn(date: string, customer: string) {
  t.setNow(new Date(`${date}T15:00:00Z`));
  const billing = await get<CustomerBilling>(`/customers/${customerIds[customer]}/billing`);
  const { payments } = await get<Dashboard>('/dashboard');
  const churn = await get<ChurnRiskList>('/churn-risk');
  const atRisk = churn.items.find((item) => item.customerId === customerIds[customer]);
  return {
    cycle: billing.enrollments[0]?.cycles[0],
    dashboardCycles: payments?.overdue.reduce((sum, overdue) => sum + overdue.cycles, 0),
    churnRiskCycles: atRisk?.reasons.find((reason) => reason.code === 'PAYMENTS_OVERDUE')?.cycles ?? 0,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(new Date('2027-03-01T15:00:00Z'));
  const studio = await createStudio(t, {
    schedule: { startDate: '2027-03-01', endDate: '2027-06-30' },
    plan: { weeklySessionsLimit: null },
  });
  ({ owner, organizationId } = studio);
  outsider = await createUser(t);
  await createOrganization(t, outsider);
  const enrollments: [string, string, string][] = [
    ['Sábado', '2027-03-06', '2027-04-05'],
    ['Feriado', '2027-04-21', '2027-05-20'],
  ];
  for (const [firstName, startDate, endDate] of enrollments) {
    const { customerId } = await enrollNewCustomer(t, studio, { startDate, endDate }, { firstName });
    customerIds[firstName] = customerId;
  }
});
afterAll(() => t.close());

describe('overdue on business days', () => {
  it('a cycle due on a Saturday is due on Sunday and Monday, and overdue from Tuesday', async () => {
    for (const [date, state, overdueCycles] of [
      ['2027-03-06', 'DUE', 0],
      ['2027-03-07', 'DUE', 0],
      ['2027-03-08', 'DUE', 0],
      ['2027-03-09', 'OVERDUE', 1],
    ] as const) {
      expect(await overdueOn(date, 'Sábado'), date).toEqual({
        cycle: expect.objectContaining({ dueDate: '2027-03-06', payableUntil: '2027-03-08', state }),
        dashboardCycles: overdueCycles,
        churnRiskCycles: overdueCycles,
      });
    }
  });

  it('a cycle due on a national holiday is overdue from the day after the next business day', async () => {
    for (const [date, state, overdueCycles] of [
      ['2027-04-21', 'DUE', 1],
      ['2027-04-22', 'DUE', 1],
      ['2027-04-23', 'OVERDUE', 2],
    ] as const) {
      const found = await overdueOn(date, 'Feriado');
      expect(found.cycle, date).toMatchObject({ dueDate: '2027-04-21', payableUntil: '2027-04-22', state });
      // Sábado's cycle is overdue by then: the dashboard counts both.
      expect(found.dashboardCycles, date).toBe(overdueCycles);
      expect(found.churnRiskCycles, date).toBe(overdueCycles - 1);
    }
  });

  it('tells an outsider the customer’s billing does not exist', async () => {
    const response = await t.request('GET', orgPath(`/customers/${customerIds.Sábado}/billing`), {
      token: outsider.token,
    });
    expect(response.status).toBe(404);
  });
});
