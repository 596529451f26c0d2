import type { ChurnRiskList } from '@reformer/domain/churn-risk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createCustomer,
  createEnrollableSchedule,
  createEnrollment,
  createOrganization,
  createPlan,
  createSchedule,
  createUser,
  scheduleBody,
  type TestUser,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * One studio whose ranking is known (São Paulo, the default zone). Today is Monday 15 March 2027: the recent
 * weeks are 15 February – 14 March (4 Saturdays), the 8 weeks before 21 December – 14 February (8
 * Saturdays), and an enrollment ends "soon" up to 14 April. Everyone is in the Saturday class; make-up credits
 * are earned by cancelling a Saturday a few days ahead (the default rules: 24 h notice, 2 a month, valid until
 * the end of the next month, unless said otherwise).
 * - Ana came every Saturday before and none since (1 → 0 a week: 30) and owes February's and March's cycles
 *   of her R$ 349 plan (2 cycles: 30) → 60.
 * - Bia came every Saturday before, twice since (1 → 0.5 a week: 15); her enrollment ends 10 April (20) → 35.
 * - Eva's enrollment ends 14 April, the window's last day (20) → 20.
 * - Iris canceled 20 and 27 March and holds both credits (2 held: 20) → 20.
 * - Jonas canceled 9 January (credit lapsed unused on 28 February) and 20 March (held): 1 + 1 (20) → 20.
 * - Mara canceled 5 December under 16-day credits (lapsed on 21 December, the window's first day) and 20
 *   March: 1 + 1 (20) → 20. Eva, Iris, Jonas and Mara tie and go by name.
 * - Davi started 20 February (nothing to compare with) and owes its first cycle (15) → 15.
 * Not at risk: Caio (as regular as ever), Fábio (ends 15 April, a day past the window), Gil (ends 1 April but
 * enrolled again from 2 April), Hugo (ending, but INACTIVE: not a current customer), Kátia (two credits, one
 * spent on a Sunday make-up: 1 held), Lia (a credit held, and one that lapsed 20 December, a day before the
 * window).
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
/** Sundays at the same establishment: where Kátia makes up a class. */
let sundayScheduleId: string;
const customerIds: Record<string, string> = {};

const orgPath = (suffix: string) => `/organizations/${organizationId}${suffix}`;

async function post(path: string, body: unknown, status = 201) {
  const response = await t.request('POST', orgPath(path), { token: owner.token, body });
  expect(response.status, response.text).toBe(status);
  return response.body;
}

async function sessionOn(date: string, schedule = scheduleId) {
  const sessions = await t.request(
    'GET',
    orgPath(`/sessions?from=${date}&to=${date}&scheduleId=${schedule}`),
    {
      token: owner.token,
    },
  );
  const [session] = sessions.body.items as { id: string }[];
  if (!session) throw new Error(`no session on ${date}`);
  return session.id;
}

async function checkIn(customer: string, dates: string[]) {
  for (const date of dates) {
    await post(`/sessions/${await sessionOn(date)}/check-ins`, { customerId: customerIds[customer] }, 200);
  }
}

/** Cancels the customer's Saturday places at `now`, each earning a make-up credit. */
async function cancelEarningCredits(customer: string, dates: string[], now = TODAY) {
  t.setNow(now);
  try {
    for (const date of dates) {
      const response = await t.request(
        'PUT',
        orgPath(`/sessions/${await sessionOn(date)}/attendance/${customerIds[customer]}`),
        {
          token: owner.token,
          body: { status: 'CANCELED' },
        },
      );
      expect(response.status, response.text).toBe(200);
      expect(response.body.makeUpCredit).toMatchObject({ outcome: 'EARNED' });
    }
  } finally {
    t.setNow(TODAY);
  }
}

async function saveCreditSettings(validity: { validity: string; validityDays: number }) {
  const response = await t.request('PUT', orgPath('/make-up-credit-settings'), {
    token: owner.token,
    body: { noticeHours: 24, monthlyLimit: 2, allowMakeUpOfMakeUp: false, ...validity },
  });
  expect(response.status, response.text).toBe(200);
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
  const saturday = await createEnrollableSchedule(t, owner, organizationId, {
    name: 'Sábado',
    capacity: 20,
    startDate: '2026-12-01',
    endDate: '2027-12-25',
    daysOfWeek: [6],
  });
  scheduleId = saturday.id;
  const instructor = await addMember(t, owner, organizationId, {
    establishments: [{ establishmentId: saturday.establishmentId, role: 'EST_INSTRUCTOR' }],
  });
  const sundayBody = scheduleBody(saturday.establishmentId, instructor.id, {
    name: 'Domingo',
    startDate: '2027-03-01',
    endDate: '2027-06-30',
    daysOfWeek: [0],
  });
  sundayScheduleId = (await createSchedule(t, owner, organizationId, sundayBody)).id;
  // Fixed terms: their enrollments end (issue #26); `renewing` is a free monthly subscription.
  const free = (
    await createPlan(t, owner, organizationId, {
      priceCents: 0,
      weeklySessionsLimit: null,
      renewsAutomatically: false,
    })
  ).id;
  const renewing = (await createPlan(t, owner, organizationId, { priceCents: 0, weeklySessionsLimit: null }))
    .id;
  const paid = (
    await createPlan(t, owner, organizationId, { weeklySessionsLimit: null, renewsAutomatically: false })
  ).id;

  const names = [
    'Ana',
    'Bia',
    'Caio',
    'Davi',
    'Eva',
    'Fábio',
    'Gil',
    'Hugo',
    'Iris',
    'Jonas',
    'Kátia',
    'Lia',
    'Mara',
    'Nina',
    'Otto',
  ];
  for (const firstName of names) {
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
  // Nina's period ends in the window but renews by itself: not at risk. Otto's was set to end there.
  await enroll('Nina', renewing, '2027-03-01', '2027-04-10');
  const otto = await enroll('Otto', renewing, '2027-03-01', '2027-04-12');
  await post(`/enrollments/${otto}/actions`, { action: 'SET_RENEWAL', renewal: 'ENDS' }, 200);
  for (const firstName of ['Iris', 'Jonas', 'Kátia', 'Lia', 'Mara'])
    await enroll(firstName, free, '2026-12-01', '2027-12-25');

  await checkIn('Ana', SATURDAYS_BEFORE);
  await checkIn('Bia', [...SATURDAYS_BEFORE, ...SATURDAYS_RECENT.slice(0, 2)]);
  await checkIn('Caio', [...SATURDAYS_BEFORE, ...SATURDAYS_RECENT]);
  await checkIn('Davi', SATURDAYS_RECENT.slice(0, 2));

  await cancelEarningCredits('Iris', ['2027-03-20', '2027-03-27']);
  await cancelEarningCredits('Jonas', ['2027-01-09'], new Date('2027-01-05T12:00:00Z'));
  await cancelEarningCredits('Jonas', ['2027-03-20']);
  await cancelEarningCredits('Kátia', ['2027-03-20', '2027-03-27']);
  await post(`/sessions/${await sessionOn('2027-03-21', sundayScheduleId)}/customers`, {
    customerIds: [customerIds.Kátia],
    reason: 'REPOSITION',
  });
  // Credits for 5 December valid 15 days (Lia: last day 20 December) or 16 (Mara: 21 December).
  const december = new Date('2026-12-01T12:00:00Z');
  await saveCreditSettings({ validity: 'DAYS', validityDays: 15 });
  await cancelEarningCredits('Lia', ['2026-12-05'], december);
  await saveCreditSettings({ validity: 'DAYS', validityDays: 16 });
  await cancelEarningCredits('Mara', ['2026-12-05'], december);
  await saveCreditSettings({ validity: 'END_OF_NEXT_MONTH', validityDays: 30 });
  await cancelEarningCredits('Lia', ['2027-03-20']);
  await cancelEarningCredits('Mara', ['2027-03-20']);
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
    expect(body).toMatchObject({ total: 8, page: 1, limit: 20 });
    const credits = (held: number, expired: number) => [
      { code: 'MAKE_UP_CREDITS_PILING_UP', points: 20, held, expired },
    ];
    expect(body.items).toEqual([
      {
        customerId: customerIds.Ana,
        name: 'Ana Lima',
        score: 60,
        reasons: [
          { code: 'ATTENDANCE_FALLING', points: 30, beforePerWeek: 1, recentPerWeek: 0 },
          {
            code: 'PAYMENTS_OVERDUE',
            points: 30,
            cycles: 2,
            amounts: [{ currency: 'BRL', amountCents: 69_800 }],
          },
        ],
      },
      {
        customerId: customerIds.Bia,
        name: 'Bia Lima',
        score: 35,
        reasons: [
          { code: 'ENROLLMENT_ENDING', points: 20, endDate: '2027-04-10' },
          { code: 'ATTENDANCE_FALLING', points: 15, beforePerWeek: 1, recentPerWeek: 0.5 },
        ],
      },
      {
        customerId: customerIds.Eva,
        name: 'Eva Lima',
        score: 20,
        reasons: [{ code: 'ENROLLMENT_ENDING', points: 20, endDate: '2027-04-14' }],
      },
      { customerId: customerIds.Iris, name: 'Iris Lima', score: 20, reasons: credits(2, 0) },
      { customerId: customerIds.Jonas, name: 'Jonas Lima', score: 20, reasons: credits(1, 1) },
      { customerId: customerIds.Mara, name: 'Mara Lima', score: 20, reasons: credits(1, 1) },
      {
        customerId: customerIds.Otto,
        name: 'Otto Lima',
        score: 20,
        reasons: [{ code: 'ENROLLMENT_ENDING', points: 20, endDate: '2027-04-12' }],
      },
      {
        customerId: customerIds.Davi,
        name: 'Davi Lima',
        score: 15,
        reasons: [
          {
            code: 'PAYMENTS_OVERDUE',
            points: 15,
            cycles: 1,
            amounts: [{ currency: 'BRL', amountCents: 34_900 }],
          },
        ],
      },
    ]);
  });

  it('counts credits in the states the customer’s credit list shows', async () => {
    const response = await t.request('GET', orgPath(`/customers/${customerIds.Jonas}/make-up-credits`), {
      token: owner.token,
    });
    expect(response.body.summary).toEqual({ earned: 2, available: 1, used: 0, expired: 1 });
    const katia = await t.request('GET', orgPath(`/customers/${customerIds.Kátia}/make-up-credits`), {
      token: owner.token,
    });
    expect(katia.body.summary).toEqual({ earned: 2, available: 1, used: 1, expired: 0 });
  });

  it('pages the ranking: the second page of two', async () => {
    const body = await churnRisk(owner, '?page=2&limit=2');
    expect(body).toMatchObject({ total: 8, page: 2, limit: 2 });
    expect(body.items.map((item) => item.name)).toEqual(['Eva Lima', 'Iris Lima']);
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
      // The window now ends 13 April: Eva's 14 April is a day past it. The 12 weeks now start 20 December,
      // the last day of Lia's lapsed credit: with the one she holds, hers pile up too.
      const names = body.items.map((item) => item.name);
      expect(names).not.toContain('Eva Lima');
      expect(body.items.find((item) => item.name === 'Lia Lima')?.reasons).toEqual([
        { code: 'MAKE_UP_CREDITS_PILING_UP', points: 20, held: 1, expired: 1 },
      ]);
    } finally {
      t.setNow(TODAY);
    }
  });
});

describe('who may read it', () => {
  it('an administrator may, as the owner', async () => {
    expect((await churnRisk(administrator)).total).toBe(8);
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
