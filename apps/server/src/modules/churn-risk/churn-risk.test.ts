import type { ChurnRiskList } from '@reformer/domain/churn-risk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createCustomer,
  createEnrollableSchedule,
  createEnrollment,
  createOrganization,
  createPlan,
  createUser,
  type TestUser,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * One studio whose ranking is known (São Paulo, the default zone). Today is Monday 15 March 2027: the recent
 * weeks are 15 February – 14 March (4 Saturdays), the 8 weeks before 21 December – 14 February (8
 * Saturdays), and an enrollment ends "soon" up to 14 April. Everyone is in the Saturday class.
 * - Ana came every Saturday before and none since (1 → 0 a week: 40) and owes February's and March's cycles
 *   of her R$ 349 plan (2 cycles: 40) → 80.
 * - Bia came every Saturday before, twice since (1 → 0.5 a week: 20); her enrollment ends 10 April (20) → 40.
 * - Davi started 20 February (nothing to compare with) and owes its first cycle (20) → 20.
 * - Eva's enrollment ends 14 April, the window's last day (20) → 20, after Davi by name.
 * Not at risk: Caio (as regular as ever), Fábio (ends 15 April, a day past the window), Gil (ends 1 April but
 * enrolled again from 2 April), Hugo (ending, but INACTIVE: not a current customer).
 */
const TODAY = new Date('2027-03-15T12:00:00Z');
const SATURDAYS_BEFORE = [
  '2026-12-26',
  '2027-01-02',
  '2027-01-09',
  '2027-01-16',
  '2027-01-23',
  '2027-01-30',
  '2027-02-06',
  '2027-02-13',
];
const SATURDAYS_RECENT = ['2027-02-20', '2027-02-27', '2027-03-06', '2027-03-13'];

let t: TestApp;
let owner: TestUser;
let administrator: TestUser;
let manager: TestUser;
let accountant: TestUser;
let outsider: TestUser;
let organizationId: string;
let scheduleId: string;
const customerIds: Record<string, string> = {};

const orgPath = (suffix: string) => `/organizations/${organizationId}${suffix}`;

async function post(path: string, body: unknown, status = 201) {
  const response = await t.request('POST', orgPath(path), { token: owner.token, body });
  expect(response.status, response.text).toBe(status);
  return response.body;
}

async function checkIn(customer: string, dates: string[]) {
  for (const date of dates) {
    const sessions = await t.request(
      'GET',
      orgPath(`/sessions?from=${date}&to=${date}&scheduleId=${scheduleId}`),
      {
        token: owner.token,
      },
    );
    const [session] = sessions.body.items as { id: string }[];
    if (!session) throw new Error(`no session on ${date}`);
    await post(`/sessions/${session.id}/check-ins`, { customerId: customerIds[customer] }, 200);
  }
}

function enroll(customer: string, planId: string, startDate: string, endDate: string) {
  return createEnrollment(t, owner, organizationId, {
    customerId: customerIds[customer] ?? '',
    planId,
    scheduleId,
    startDate,
    endDate,
  });
}

async function churnRisk(user: TestUser = owner, query = '') {
  const response = await t.request('GET', orgPath(`/churn-risk${query}`), { token: user.token });
  expect(response.status, response.text).toBe(200);
  return response.body as ChurnRiskList;
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(TODAY);
  owner = await createUser(t);
  outsider = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
  await createOrganization(t, outsider);
  administrator = await addMember(t, owner, organizationId, { role: 'ORG_ADMINISTRATOR' });
  manager = await addMember(t, owner, organizationId, { role: 'ORG_MANAGER' });
  accountant = await addMember(t, owner, organizationId, { role: 'ORG_ACCOUNTANT' });
  scheduleId = (
    await createEnrollableSchedule(t, owner, organizationId, {
      name: 'Sábado',
      capacity: 10,
      startDate: '2026-12-01',
      endDate: '2027-12-25',
      daysOfWeek: [6],
    })
  ).id;
  const free = (await createPlan(t, owner, organizationId, { priceCents: 0, weeklySessionsLimit: null })).id;
  const paid = (await createPlan(t, owner, organizationId, { weeklySessionsLimit: null })).id;

  for (const firstName of ['Ana', 'Bia', 'Caio', 'Davi', 'Eva', 'Fábio', 'Gil', 'Hugo']) {
    const status = firstName === 'Hugo' ? 'INACTIVE' : 'ACTIVE';
    customerIds[firstName] = (
      await createCustomer(t, owner, organizationId, { firstName, lastName: 'Lima', status })
    ).id;
  }

  // Ana's cycles start on the 5th: December's and January's are paid, February's and March's are not.
  const ana = await enroll('Ana', paid, '2026-12-05', '2027-12-25');
  for (const cycleStart of ['2026-12-05', '2027-01-05']) {
    await post('/payments', {
      customerId: customerIds.Ana,
      enrollmentId: ana,
      cycleStart,
      amountCents: 34_900,
      currency: 'BRL',
      paidOn: cycleStart,
      method: 'PIX',
      status: 'COMPLETED',
    });
  }
  await enroll('Bia', free, '2026-12-01', '2027-04-10');
  await enroll('Caio', free, '2026-12-01', '2027-12-25');
  await enroll('Davi', paid, '2027-02-20', '2027-12-25');
  await enroll('Eva', free, '2027-03-01', '2027-04-14');
  await enroll('Fábio', free, '2027-03-01', '2027-04-15');
  await enroll('Gil', free, '2027-03-01', '2027-04-01');
  await enroll('Gil', free, '2027-04-02', '2027-12-25');
  await enroll('Hugo', free, '2027-03-01', '2027-04-01');

  await checkIn('Ana', SATURDAYS_BEFORE);
  await checkIn('Bia', [...SATURDAYS_BEFORE, ...SATURDAYS_RECENT.slice(0, 2)]);
  await checkIn('Caio', [...SATURDAYS_BEFORE, ...SATURDAYS_RECENT]);
  await checkIn('Davi', SATURDAYS_RECENT.slice(0, 2));
});

afterAll(async () => {
  await t.close();
});

describe('GET /organizations/{orgId}/churn-risk', () => {
  it('ranks the customers at risk as worked out by hand, each with its reasons and their numbers', async () => {
    const body = await churnRisk();
    expect(body.today).toBe('2027-03-15');
    expect(body.periods).toEqual({
      recent: { from: '2027-02-15', to: '2027-03-14' },
      before: { from: '2026-12-21', to: '2027-02-14' },
      enrollmentEnding: { from: '2027-03-15', to: '2027-04-14' },
    });
    expect(body).toMatchObject({ total: 4, page: 1, limit: 20 });
    expect(body.items).toEqual([
      {
        customerId: customerIds.Ana,
        name: 'Ana Lima',
        score: 80,
        reasons: [
          { code: 'ATTENDANCE_FALLING', points: 40, beforePerWeek: 1, recentPerWeek: 0 },
          {
            code: 'PAYMENTS_OVERDUE',
            points: 40,
            cycles: 2,
            amounts: [{ currency: 'BRL', amountCents: 69_800 }],
          },
        ],
      },
      {
        customerId: customerIds.Bia,
        name: 'Bia Lima',
        score: 40,
        reasons: [
          { code: 'ATTENDANCE_FALLING', points: 20, beforePerWeek: 1, recentPerWeek: 0.5 },
          { code: 'ENROLLMENT_ENDING', points: 20, endDate: '2027-04-10' },
        ],
      },
      {
        customerId: customerIds.Davi,
        name: 'Davi Lima',
        score: 20,
        reasons: [
          {
            code: 'PAYMENTS_OVERDUE',
            points: 20,
            cycles: 1,
            amounts: [{ currency: 'BRL', amountCents: 34_900 }],
          },
        ],
      },
      {
        customerId: customerIds.Eva,
        name: 'Eva Lima',
        score: 20,
        reasons: [{ code: 'ENROLLMENT_ENDING', points: 20, endDate: '2027-04-14' }],
      },
    ]);
  });

  it('pages the ranking: the second page of two', async () => {
    const body = await churnRisk(owner, '?page=2&limit=2');
    expect(body).toMatchObject({ total: 4, page: 2, limit: 2 });
    expect(body.items.map((item) => item.name)).toEqual(['Davi Lima', 'Eva Lima']);
  });

  it('refuses a limit out of range instead of changing it', async () => {
    const response = await t.request('GET', orgPath('/churn-risk?limit=101'), { token: owner.token });
    expect(response.status).toBe(400);
  });

  it('takes today in the organization’s zone: 15 March 02:00 UTC is still the 14th in São Paulo', async () => {
    t.setNow(new Date('2027-03-15T02:00:00Z'));
    try {
      const body = await churnRisk();
      expect(body.today).toBe('2027-03-14');
      // The window now ends 13 April: Eva's 14 April is a day past it.
      expect(body.items.map((item) => item.name)).not.toContain('Eva Lima');
    } finally {
      t.setNow(TODAY);
    }
  });
});

describe('who may read it', () => {
  it('an administrator may, as the owner', async () => {
    expect((await churnRisk(administrator)).total).toBe(4);
  });

  it('a manager (no payments) and an accountant (no customers) get 403', async () => {
    for (const member of [manager, accountant]) {
      const response = await t.request('GET', orgPath('/churn-risk'), { token: member.token });
      expect(response.status).toBe(403);
    }
  });

  it('an outsider gets 404, as if the organization did not exist; no token, 401', async () => {
    const response = await t.request('GET', orgPath('/churn-risk'), { token: outsider.token });
    expect(response.status).toBe(404);
    expect((await t.request('GET', orgPath('/churn-risk'))).status).toBe(401);
  });
});
