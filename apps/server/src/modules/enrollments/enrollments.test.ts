import { coversDate, type EnrollmentCoverage } from '@reformer/domain/enrollments';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enrollmentCovers } from '../../db/roster.ts';
import { enrollments } from '../../db/schema/index.ts';
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
import { listEnrollments } from './enrollments.repository.ts';
import { settleEnrollmentStatuses } from './enrollments-job.ts';

let t: TestApp;
let owner: TestUser;
let carla: TestUser;
let receptionistA: TestUser;
let assistantA: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let organizationId: string;
let outsiderOrganizationId: string;
let establishmentA: string;
let establishmentB: string;
/** Mondays and Wednesdays 07:00, 1 March – 30 June 2027, at A. */
let classA: { id: string };
/** Tuesdays 18:00 at B, capacity 2. */
let classB: { id: string };
let monthly: { id: string };

const BEFORE_MARCH = new Date('2027-02-15T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(BEFORE_MARCH);
  owner = await createUser(t);
  outsider = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
  outsiderOrganizationId = (await createOrganization(t, outsider)).id;
  establishmentA = (await createEstablishment(t, owner, organizationId, 'Centro')).id;
  establishmentB = (await createEstablishment(t, owner, organizationId, 'Praia')).id;
  const at = (establishmentId: string, role: string) => ({ establishments: [{ establishmentId, role }] });
  carla = await addMember(t, owner, organizationId, at(establishmentA, 'EST_INSTRUCTOR'));
  const bruno = await addMember(t, owner, organizationId, at(establishmentB, 'EST_INSTRUCTOR'));
  receptionistA = await addMember(t, owner, organizationId, at(establishmentA, 'EST_RECEPTIONIST'));
  assistantA = await addMember(t, owner, organizationId, at(establishmentA, 'EST_ASSISTANT'));
  viewer = await addMember(t, owner, organizationId, { role: 'ORG_VIEWER' });
  classA = await createSchedule(
    t,
    owner,
    organizationId,
    scheduleBody(establishmentA, carla.id, { capacity: 6 }),
  );
  classB = await createSchedule(
    t,
    owner,
    organizationId,
    scheduleBody(establishmentB, bruno.id, {
      name: 'Mat',
      capacity: 2,
      startTime: '18:00',
      endTime: '19:00',
      daysOfWeek: [2],
    }),
  );
  // A fixed term: these tests follow coverage by dates; seats held by renewing enrollments have their own.
  monthly = await createPlan(t, owner, organizationId, { renewsAutomatically: false });
});
beforeEach(() => t.setNow(BEFORE_MARCH));
afterAll(() => t.close());

const orgPath = (suffix: string) => `/organizations/${organizationId}${suffix}`;

let customerNumber = 0;
async function newCustomer(firstName = 'Aluna') {
  customerNumber += 1;
  return createCustomer(t, owner, organizationId, { firstName, lastName: `N${customerNumber}` });
}

function enroll(body: Record<string, unknown>, user: TestUser = owner) {
  return t.request('POST', orgPath('/enrollments'), {
    token: user.token,
    body: { planId: monthly.id, scheduleId: classA.id, startDate: '2027-03-01', ...body },
  });
}

async function enrolled(body: Record<string, unknown>, user: TestUser = owner) {
  const response = await enroll(body, user);
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string; endDate: string; status: string };
}

function act(enrollmentId: string, body: Record<string, unknown>, user: TestUser = owner) {
  return t.request('POST', orgPath(`/enrollments/${enrollmentId}/actions`), { token: user.token, body });
}

async function sessionOn(scheduleId: string, date: string) {
  const response = await t.request(
    'GET',
    orgPath(`/sessions?from=${date}&to=${date}&scheduleId=${scheduleId}`),
    {
      token: owner.token,
    },
  );
  expect(response.status, response.text).toBe(200);
  const [session] = response.body.items as { id: string; rosterCount: number }[];
  if (!session) throw new Error(`no session of ${scheduleId} on ${date}`);
  return session;
}

async function rosterOf(scheduleId: string, date: string) {
  const session = await sessionOn(scheduleId, date);
  const response = await t.request('GET', orgPath(`/sessions/${session.id}`), { token: owner.token });
  expect(response.status, response.text).toBe(200);
  return {
    session,
    roster: response.body.roster as {
      customerId: string;
      status: string;
      source: string;
      checkedInAt: string | null;
    }[],
    rosterCount: response.body.rosterCount as number,
  };
}

async function enrollmentCount() {
  const [row] = await t.db.select({ value: count() }).from(enrollments);
  return row?.value ?? 0;
}

describe('creating an enrollment', () => {
  it("ends it with the plan's first billing cycle, or on the date staff chose", async () => {
    const ana = await newCustomer('Ana');
    const created = await enrolled({ customerId: ana.id, startDate: '2027-03-03' });
    expect(created).toMatchObject({
      endDate: '2027-04-02',
      isEndDateExplicit: false,
      status: 'ACTIVE',
      customerName: `Ana N${customerNumber}`,
      planName: 'Mensal 2x',
      scheduleName: 'Reformer Iniciante',
      establishmentName: 'Centro',
    });
    const bia = await newCustomer('Bia');
    const chosen = await enrolled({ customerId: bia.id, endDate: '2027-05-15' });
    expect(chosen).toMatchObject({ endDate: '2027-05-15', isEndDateExplicit: true });
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const before = await enrollmentCount();
    const customer = await newCustomer();
    const cases: Record<string, unknown>[] = [
      {},
      { customerId: customer.id, startDate: '2027-02-30' },
      { customerId: customer.id, endDate: '2027-03-01' },
      { customerId: 'not-a-uuid' },
      { customerId: customer.id, notes: 'x'.repeat(2001) },
    ];
    for (const body of cases) {
      const response = await enroll(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect(await enrollmentCount()).toBe(before);
  });

  it('says who or what is missing: customer, plan, schedule of another organization → 404', async () => {
    // Real ids of the outsider's own organization: as missing as ids that exist nowhere.
    const theirs = outsiderOrganizationId;
    const theirCustomer = await createCustomer(t, outsider, theirs, {
      firstName: 'Alheia',
      lastName: 'Cliente',
    });
    const theirPlan = await createPlan(t, outsider, theirs);
    const before = await enrollmentCount();
    const customer = await newCustomer();
    const ghost = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';
    expect((await enroll({ customerId: theirCustomer.id })).body.error.code).toBe('CUSTOMER_NOT_FOUND');
    expect((await enroll({ customerId: customer.id, planId: theirPlan.id })).body.error.code).toBe(
      'PLAN_NOT_FOUND',
    );
    expect(await enrollmentCount()).toBe(before);
    expect((await enroll({ customerId: customer.id, scheduleId: ghost })).body.error.code).toBe(
      'SCHEDULE_NOT_FOUND',
    );
  });

  it('refuses the same customer in the same schedule with overlapping dates, not after the first ends', async () => {
    const customer = await newCustomer();
    await enrolled({ customerId: customer.id, startDate: '2027-03-01' });
    const again = await enroll({ customerId: customer.id, startDate: '2027-03-20' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ENROLLMENT_DUPLICATE');
    expect(again.body.error.message).toBe('This customer is already enrolled in the selected schedule.');
    await enrolled({ customerId: customer.id, startDate: '2027-04-01' });
  });

  it("refuses going over the plan's weekly sessions limit, saying the limit", async () => {
    const once = await createPlan(t, owner, organizationId, {
      name: 'Mensal 1x',
      weeklySessionsLimit: 1,
      renewsAutomatically: false,
    });
    const customer = await newCustomer();
    // Mondays and Wednesdays is two a week: over a limit of one.
    const response = await enroll({ customerId: customer.id, planId: once.id });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({
      code: 'ENROLLMENT_WEEKLY_LIMIT',
      message: 'This plan allows at most 1 sessions per week, and this enrollment would go over it.',
      details: { limit: 1 },
    });
    // One Tuesday class fits; a second class under the same plan does not.
    await enrolled({ customerId: customer.id, planId: once.id, scheduleId: classB.id });
    const second = await createSchedule(
      t,
      owner,
      organizationId,
      scheduleBody(establishmentB, (await sessionInstructor(classB.id)) ?? '', {
        name: 'Mat sexta',
        daysOfWeek: [5],
      }),
    );
    const over = await enroll({ customerId: customer.id, planId: once.id, scheduleId: second.id });
    expect(over.body.error.code).toBe('ENROLLMENT_WEEKLY_LIMIT');
  });

  it('refuses an inactive plan or schedule', async () => {
    const plan = await createPlan(t, owner, organizationId, { name: 'Antigo', isActive: false });
    const customer = await newCustomer();
    expect((await enroll({ customerId: customer.id, planId: plan.id })).body.error.code).toBe(
      'PLAN_INACTIVE',
    );
    const closed = await createSchedule(
      t,
      owner,
      organizationId,
      scheduleBody(establishmentA, carla.id, { name: 'Fechada', isActive: false }),
    );
    expect((await enroll({ customerId: customer.id, scheduleId: closed.id })).body.error.code).toBe(
      'SCHEDULE_INACTIVE',
    );
  });
});

async function sessionInstructor(scheduleId: string) {
  const response = await t.request('GET', orgPath(`/schedules/${scheduleId}`), { token: owner.token });
  return response.body.staffUserId as string | undefined;
}

describe('capacity', () => {
  it('gives the last seat to exactly one of 50 concurrent requests, round after round', async () => {
    for (let round = 0; round < 20; round += 1) {
      const small = await createSchedule(
        t,
        owner,
        organizationId,
        scheduleBody(establishmentA, carla.id, {
          name: `Duo ${round}`,
          capacity: 2,
          startDate: '2027-03-01',
          endDate: '2027-03-31',
        }),
      );
      await enrolled({ customerId: (await newCustomer()).id, scheduleId: small.id });
      const contenders = await Promise.all(Array.from({ length: 50 }, () => newCustomer('Disputa')));
      const responses = await Promise.all(
        contenders.map((customer) => enroll({ customerId: customer.id, scheduleId: small.id })),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(49);
      for (const refused of responses.filter((response) => response.status === 409)) {
        expect(refused.body.error.code).toBe('ENROLLMENT_FULL');
        expect(refused.body.error.message).toBe('This schedule is at full capacity');
      }
      const [held] = await t.db
        .select({ value: count() })
        .from(enrollments)
        .where(eq(enrollments.scheduleId, small.id));
      expect(held?.value).toBe(2);
    }
  }, 240_000);

  it('counts customers added to a session: a full Tuesday refuses an enrollment that would cover it', async () => {
    const duo = await createSchedule(
      t,
      owner,
      organizationId,
      scheduleBody(establishmentA, carla.id, { name: 'Duo terça', capacity: 2, daysOfWeek: [2] }),
    );
    const tuesday = await sessionOn(duo.id, '2027-03-09');
    const trials = [await newCustomer(), await newCustomer()];
    const added = await t.request('POST', orgPath(`/sessions/${tuesday.id}/customers`), {
      token: owner.token,
      body: { customerIds: trials.map((c) => c.id), reason: 'TRIAL_CLASS' },
    });
    expect(added.status, added.text).toBe(201);
    const customer = await newCustomer();
    const refused = await enroll({ customerId: customer.id, scheduleId: duo.id });
    expect(refused.body.error).toMatchObject({ code: 'ENROLLMENT_FULL', details: { dates: ['2027-03-09'] } });
    // The options say so: no seat over March; from the week after, both seats.
    const options = async (query: string) => {
      const response = await t.request('GET', orgPath(`/enrollments/options?${query}`), {
        token: owner.token,
      });
      expect(response.status, response.text).toBe(200);
      expect(response.body.plans.map((p: { name: string }) => p.name)).toContain('Mensal 2x');
      return response.body.schedules.find((s: { scheduleId: string }) => s.scheduleId === duo.id);
    };
    expect(await options('startDate=2027-03-01&endDate=2027-03-31')).toMatchObject({
      capacity: 2,
      freeSeats: 0,
      establishmentName: 'Centro',
    });
    expect(await options('startDate=2027-03-10')).toMatchObject({ freeSeats: 2 });
    await enrolled({ customerId: customer.id, scheduleId: duo.id, startDate: '2027-03-10' });
    expect(await options('startDate=2027-03-10')).toMatchObject({ freeSeats: 1 });
  });
});

describe('renewing enrollments hold their seats (issue #26)', () => {
  const planBody = {
    name: 'Mensal renovável',
    description: 'Uma aula por semana',
    priceCents: 24_900,
    currency: 'BRL',
    billingCycle: 'MONTHLY',
    features: ['Reformer'],
    weeklySessionsLimit: null,
  };

  it('keeps the seat after the period: a new enrollment and add-to-session are refused, the calendar shows it full', async () => {
    const solo = await createSchedule(
      t,
      owner,
      organizationId,
      scheduleBody(establishmentA, carla.id, { name: 'Solo quinta', capacity: 1, daysOfWeek: [4] }),
    );
    const renewing = await createPlan(t, owner, organizationId, planBody);
    const regular = await newCustomer('Regular');
    const first = await enrolled({ customerId: regular.id, planId: renewing.id, scheduleId: solo.id });
    expect(first.endDate).toBe('2027-03-31');
    // A Thursday after the period, before the daily job renews it: still the regular's seat.
    const april = await sessionOn(solo.id, '2027-04-15');
    expect(april).toMatchObject({ rosterCount: 1, availability: 'FULL' });
    expect((await rosterOf(solo.id, '2027-04-15')).roster.map((row) => row.customerId)).toEqual([regular.id]);
    const newcomer = await newCustomer('Nova');
    const refused = await enroll({ customerId: newcomer.id, scheduleId: solo.id, startDate: '2027-04-01' });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.error.code).toBe('ENROLLMENT_FULL');
    expect(refused.body.error.details.dates[0]).toBe('2027-04-01');
    const addTo = (sessionId: string) =>
      t.request('POST', orgPath(`/sessions/${sessionId}/customers`), {
        token: owner.token,
        body: { customerIds: [newcomer.id], reason: 'TRIAL_CLASS' },
      });
    const full = await addTo(april.id);
    expect(full.status, full.text).toBe(409);
    expect(full.body.error.code).toBe('SESSION_FULL');
    const options = await t.request('GET', orgPath('/enrollments/options?startDate=2027-04-01'), {
      token: owner.token,
    });
    const soloOptions = options.body.schedules.find((s: { scheduleId: string }) => s.scheduleId === solo.id);
    expect(soloOptions).toMatchObject({ freeSeats: 0 });

    // Set to end at the period's end: the later seats are free again.
    const ends = await act(first.id, { action: 'SET_RENEWAL', renewal: 'ENDS' });
    expect(ends.status, ends.text).toBe(200);
    expect((await sessionOn(solo.id, '2027-04-15')).rosterCount).toBe(0);
    expect((await sessionOn(solo.id, '2027-03-25')).rosterCount).toBe(1);
    expect((await addTo(april.id)).status).toBe(201);
    // Back to renewing: that Thursday is someone else's now.
    const back = await act(first.id, { action: 'SET_RENEWAL', renewal: 'RENEWS' });
    expect(back.status, back.text).toBe(409);
    expect(back.body.error).toMatchObject({ code: 'ENROLLMENT_FULL', details: { dates: ['2027-04-15'] } });
    expect((await sessionOn(solo.id, '2027-04-22')).rosterCount).toBe(0);
  });

  it("follows the plan's choice when it changes, and a cancellation or pause gives the seats back", async () => {
    const duo = await createSchedule(
      t,
      owner,
      organizationId,
      scheduleBody(establishmentA, carla.id, { name: 'Duo sexta', capacity: 2, daysOfWeek: [5] }),
    );
    const plan = await createPlan(t, owner, organizationId, planBody);
    const [ana, bia] = [await newCustomer('Ana'), await newCustomer('Bia')];
    const anas = await enrolled({ customerId: ana.id, planId: plan.id, scheduleId: duo.id });
    await enrolled({ customerId: bia.id, planId: plan.id, scheduleId: duo.id });
    const seatsOn = async (date: string) => (await sessionOn(duo.id, date)).rosterCount;
    expect(await seatsOn('2027-05-07')).toBe(2);
    const setPlan = (renewsAutomatically: boolean) =>
      t.request('PUT', orgPath(`/customer-plans/${plan.id}`), {
        token: owner.token,
        body: { ...planBody, renewsAutomatically },
      });
    expect((await setPlan(false)).status).toBe(200);
    expect(await seatsOn('2027-05-07')).toBe(0);
    expect(await seatsOn('2027-03-26')).toBe(2);
    expect((await setPlan(true)).status).toBe(200);
    expect(await seatsOn('2027-05-07')).toBe(2);
    const pause = await act(anas.id, { action: 'PAUSE', from: '2027-05-01', resumeOn: '2027-05-15' });
    expect(pause.status, pause.text).toBe(200);
    expect(await seatsOn('2027-05-07')).toBe(1);
    expect(await seatsOn('2027-05-21')).toBe(2);
    const cancel = await act(anas.id, { action: 'CANCEL', from: '2027-05-20' });
    expect(cancel.status, cancel.text).toBe(200);
    expect(await seatsOn('2027-05-28')).toBe(1);
  });
});

describe('rosters follow enrollments', () => {
  it('puts the customer on every session the enrollment covers, and pausing takes them off from its date', async () => {
    const customer = await newCustomer('Roster');
    const enrollment = await enrolled({
      customerId: customer.id,
      startDate: '2027-04-05',
      endDate: '2027-04-30',
    });
    const onApril5 = await rosterOf(classA.id, '2027-04-05');
    expect(onApril5.roster).toContainEqual(
      expect.objectContaining({ customerId: customer.id, status: 'CONFIRMED', source: 'ENROLLMENT' }),
    );
    expect((await rosterOf(classA.id, '2027-03-29')).roster.map((e) => e.customerId)).not.toContain(
      customer.id,
    );
    expect((await rosterOf(classA.id, '2027-05-03')).roster.map((e) => e.customerId)).not.toContain(
      customer.id,
    );

    // Staff confirm the 14th ahead and check them in on the 5th; then, on the 10th, a pause until the 21st.
    await t.request(
      'PUT',
      orgPath(`/sessions/${(await sessionOn(classA.id, '2027-04-14')).id}/attendance/${customer.id}`),
      {
        token: owner.token,
        body: { status: 'CONFIRMED' },
      },
    );
    t.setNow(new Date('2027-04-05T10:05:00Z'));
    const checkIn = await t.request('POST', orgPath(`/sessions/${onApril5.session.id}/check-ins`), {
      token: owner.token,
      body: { customerId: customer.id },
    });
    expect(checkIn.status, checkIn.text).toBe(200);
    t.setNow(new Date('2027-04-10T12:00:00Z'));
    const paused = await act(enrollment.id, { action: 'PAUSE', resumeOn: '2027-04-21' });
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body).toMatchObject({ status: 'PAUSED', pausedFrom: '2027-04-10', resumeOn: '2027-04-21' });

    const ids = async (date: string) => (await rosterOf(classA.id, date)).roster.map((e) => e.customerId);
    expect(await ids('2027-04-05')).toContain(customer.id); // past attendance stays
    expect(await ids('2027-04-07')).toContain(customer.id);
    expect(await ids('2027-04-12')).not.toContain(customer.id);
    expect(await ids('2027-04-14')).not.toContain(customer.id); // the row set ahead went too
    expect(await ids('2027-04-21')).toContain(customer.id);
    const april5 = (await rosterOf(classA.id, '2027-04-05')).roster.find((e) => e.customerId === customer.id);
    expect(april5?.checkedInAt).not.toBeNull();

    // Cancelling from the 26th keeps the 21st and ends there.
    const canceled = await act(enrollment.id, { action: 'CANCEL', from: '2027-04-26' });
    expect(canceled.body).toMatchObject({ status: 'CANCELED', canceledFrom: '2027-04-26' });
    expect(await ids('2027-04-21')).toContain(customer.id);
    expect(await ids('2027-04-26')).not.toContain(customer.id);
    // CANCELED is final.
    const renew = await act(enrollment.id, { action: 'RENEW' });
    expect(renew.status).toBe(409);
    expect(renew.body.error.code).toBe('ENROLLMENT_ACTION_NOT_ALLOWED');
  });

  it('counts enrolled customers in the calendar and refuses adding one of them to the session again', async () => {
    const customer = await newCustomer();
    const before = (await sessionOn(classA.id, '2027-06-07')).rosterCount;
    await enrolled({ customerId: customer.id, startDate: '2027-06-01' });
    const session = await sessionOn(classA.id, '2027-06-07');
    expect(session.rosterCount).toBe(before + 1);
    const again = await t.request('POST', orgPath(`/sessions/${session.id}/customers`), {
      token: owner.token,
      body: { customerIds: [customer.id], reason: 'OTHER' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('SESSION_CUSTOMER_DUPLICATE');
    // A status set for them frees the seat when canceled.
    const canceled = await t.request('PUT', orgPath(`/sessions/${session.id}/attendance/${customer.id}`), {
      token: owner.token,
      body: { status: 'CANCELED' },
    });
    expect(canceled.status, canceled.text).toBe(200);
    expect(canceled.body.rosterCount).toBe(before);
  });

  it('counts the same seats in the calendar as in each session, whatever the enrollment and roster', async () => {
    // Every kind of enrollment and roster row over a month of sessions: the calendar's counts and each
    // session's own agree, and are the ones the rules give (the calendar's statement is not the session's).
    const september = await createSchedule(
      t,
      owner,
      organizationId,
      scheduleBody(establishmentA, carla.id, {
        name: 'Setembro',
        capacity: 20,
        startTime: '12:00',
        endTime: '13:00',
        startDate: '2027-09-01',
        endDate: '2027-09-30',
        daysOfWeek: [1, 3],
      }),
    );
    const inSeptember = (body: Record<string, unknown>) =>
      enrolled({ scheduleId: september.id, startDate: '2027-09-01', endDate: '2027-09-30', ...body });
    const customerId = async () => (await newCustomer('Setembro')).id;
    const [whole, paused, canceled, late] = [
      await customerId(),
      await customerId(),
      await customerId(),
      await customerId(),
    ];
    const [early, removed, withRows, resumed] = [
      await customerId(),
      await customerId(),
      await customerId(),
      await customerId(),
    ];
    await inSeptember({ customerId: whole });
    await inSeptember({ customerId: late, startDate: '2027-09-15' });
    await inSeptember({ customerId: early, endDate: '2027-09-10' });
    await inSeptember({ customerId: removed });
    await inSeptember({ customerId: withRows });
    const toPause = await inSeptember({ customerId: paused });
    const toResume = await inSeptember({ customerId: resumed });
    const toCancel = await inSeptember({ customerId: canceled });
    t.setNow(new Date('2027-09-08T15:00:00Z'));
    expect((await act(toPause.id, { action: 'PAUSE', resumeOn: '2027-09-30' })).status).toBe(200);
    expect((await act(toResume.id, { action: 'PAUSE', resumeOn: '2027-09-20' })).status).toBe(200);
    expect((await act(toCancel.id, { action: 'CANCEL', from: '2027-09-22' })).status).toBe(200);
    const deleted = await t.request('DELETE', orgPath(`/customers/${removed}`), { token: owner.token });
    expect(deleted.status, deleted.text).toBe(204);
    const sessionsOf = async () => {
      const response = await t.request(
        'GET',
        orgPath(`/sessions?from=2027-09-01&to=2027-09-30&scheduleId=${september.id}`),
        { token: owner.token },
      );
      expect(response.status, response.text).toBe(200);
      return response.body.items as { id: string; date: string; rosterCount: number }[];
    };
    const byDate = new Map((await sessionsOf()).map((session) => [session.date, session.id]));
    // Rows of their own: canceled (frees the seat), confirmed ahead; an added customer; and the 20th moved to
    // the 19th, which the enrollment paused until the 20th still covers: coverage follows the scheduled date.
    const status = (date: string, customerId: string, value: string) =>
      t.request('PUT', orgPath(`/sessions/${byDate.get(date)}/attendance/${customerId}`), {
        token: owner.token,
        body: { status: value },
      });
    expect((await status('2027-09-06', withRows, 'CANCELED')).status).toBe(200);
    expect((await status('2027-09-15', withRows, 'CONFIRMED')).status).toBe(200);
    const added = await t.request('POST', orgPath(`/sessions/${byDate.get('2027-09-13')}/customers`), {
      token: owner.token,
      body: { customerIds: [(await newCustomer('Avulsa')).id], reason: 'OTHER' },
    });
    expect(added.status, added.text).toBe(201);
    const moved = await t.request('PUT', orgPath(`/sessions/${byDate.get('2027-09-20')}`), {
      token: owner.token,
      body: { date: '2027-09-19', startTime: '09:00', endTime: '10:00' },
    });
    expect(moved.status, moved.text).toBe(200);

    const calendar = await sessionsOf();
    expect(calendar).toHaveLength(9);
    for (const session of calendar) {
      const alone = await t.request('GET', orgPath(`/sessions/${session.id}`), { token: owner.token });
      expect(alone.status, alone.text).toBe(200);
      expect({ date: session.date, seats: session.rosterCount }).toEqual({
        date: session.date,
        seats: alone.body.rosterCount,
      });
    }
    // Not all alike: the month's rules show in the counts (the deleted customer counts nowhere).
    const seatsOn = (date: string) => calendar.find((session) => session.date === date)?.rosterCount;
    expect(
      ['2027-09-01', '2027-09-06', '2027-09-08', '2027-09-13', '2027-09-15', '2027-09-19', '2027-09-22'].map(
        seatsOn,
      ),
    ).toEqual([6, 5, 4, 4, 4, 5, 4]);
  });

  it('renews by one billing cycle, keeping the seat', async () => {
    const customer = await newCustomer();
    const enrollment = await enrolled({ customerId: customer.id, startDate: '2027-03-01' });
    expect(enrollment.endDate).toBe('2027-03-31');
    const renewed = await act(enrollment.id, { action: 'RENEW' });
    expect(renewed.status, renewed.text).toBe(200);
    expect(renewed.body).toMatchObject({ endDate: '2027-04-30', status: 'ACTIVE' });
    expect((await rosterOf(classA.id, '2027-04-28')).roster.map((e) => e.customerId)).toContain(customer.id);
  });

  it('lists what the enrollment covers with its attendance, and deleting it leaves recorded attendance', async () => {
    const customer = await newCustomer();
    const enrollment = await enrolled({
      customerId: customer.id,
      startDate: '2027-03-01',
      endDate: '2027-03-10',
    });
    const details = await t.request('GET', orgPath(`/enrollments/${enrollment.id}`), { token: owner.token });
    expect(details.status, details.text).toBe(200);
    expect(details.body.sessions.map((s: { date: string }) => s.date)).toEqual([
      '2027-03-01',
      '2027-03-03',
      '2027-03-08',
      '2027-03-10',
    ]);
    const deleted = await t.request('DELETE', orgPath(`/enrollments/${enrollment.id}`), {
      token: owner.token,
    });
    expect(deleted.status).toBe(204);
    expect(
      (await t.request('GET', orgPath(`/enrollments/${enrollment.id}`), { token: owner.token })).status,
    ).toBe(404);
    expect((await rosterOf(classA.id, '2027-03-01')).roster.map((e) => e.customerId)).not.toContain(
      customer.id,
    );
  });
});

describe('the list', () => {
  it('pages (page ≥ 1, limit 1–100) and filters by customer, status, schedule, plan and establishment', async () => {
    const customer = await newCustomer('Filtro');
    await enrolled({ customerId: customer.id, scheduleId: classB.id, startDate: '2027-05-04' });
    const list = (query: string) =>
      t.request('GET', orgPath(`/enrollments?${query}`), { token: owner.token });
    const mine = await list(`customerId=${customer.id}`);
    expect(mine.body).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(mine.body.items[0]).toMatchObject({ scheduleName: 'Mat', establishmentName: 'Praia' });
    expect((await list(`establishmentId=${establishmentB}&customerId=${customer.id}`)).body.total).toBe(1);
    expect((await list(`establishmentId=${establishmentA}&customerId=${customer.id}`)).body.total).toBe(0);
    expect((await list(`planId=${monthly.id}&status=ACTIVE&customerId=${customer.id}`)).body.total).toBe(1);
    expect((await list(`status=PAUSED&customerId=${customer.id}`)).body.total).toBe(0);
    const paged = await list('limit=1&page=2');
    expect(paged.body.items).toHaveLength(1);
    // A page past the last has no row to carry the total with it (decision 018): it is still the filter's.
    expect((await list(`customerId=${customer.id}&page=2`)).body).toMatchObject({ items: [], total: 1 });
    expect(
      (await list(`establishmentId=${establishmentB}&customerId=${customer.id}&page=3`)).body,
    ).toMatchObject({ items: [], total: 1 });
    for (const bad of ['page=0', 'limit=0', 'limit=101', 'status=INACTIVE', 'planId=x']) {
      expect((await list(bad)).status, bad).toBe(400);
    }
  });
});

describe('the list’s plans', () => {
  it('plans each shape of filters once per connection, and leaves the rest of the transaction planned per call', async () => {
    const customer = await newCustomer('Plano');
    await enrolled({ customerId: customer.id, startDate: '2027-05-11' });
    await enrolled({ customerId: (await newCustomer('Outro Plano')).id, startDate: '2027-05-11' });
    // By the shape's filters, a bitmask: none, and the customer (the fifth filter).
    const shapes = ['enrollments_page_all_0', 'enrollments_page_all_10'];
    const { result, added, planCacheMode } = await plansAddedBy(
      t.database.tenantDb,
      organizationId,
      shapes,
      async (db) => {
        const page = { page: 1, limit: 10 };
        const whole = await listEnrollments(db, organizationId, { allowed: 'ALL' }, page);
        await listEnrollments(db, organizationId, { allowed: 'ALL' }, { page: 2, limit: 10 });
        const filter = { allowed: 'ALL' as const, customerId: customer.id };
        const mine = await listEnrollments(db, organizationId, filter, page);
        return { whole: whole.total, mine: mine.total };
      },
    );
    expect(result.whole).toBeGreaterThan(result.mine);
    expect(result.mine).toBe(1);
    // One statement per shape, each run on its generic plan; none planned for its values.
    expect(added).toEqual([
      { name: 'enrollments_page_all_0', generic: 2, custom: 0 },
      { name: 'enrollments_page_all_10', generic: 1, custom: 0 },
    ]);
    expect(planCacheMode).toBe('force_custom_plan');
  });
});

describe('permissions by establishment', () => {
  it("lets a receptionist of A enroll at A; B's enrollments are not theirs to see", async () => {
    const customer = await newCustomer();
    const atA = await enrolled({ customerId: customer.id, startDate: '2027-06-02' }, receptionistA);
    const unlimited = await createPlan(t, owner, organizationId, {
      name: 'Livre',
      weeklySessionsLimit: null,
    });
    const atB = await enrolled({
      customerId: customer.id,
      planId: unlimited.id,
      scheduleId: classB.id,
      startDate: '2027-06-01',
    });
    const list = await t.request('GET', orgPath(`/enrollments?customerId=${customer.id}`), {
      token: receptionistA.token,
    });
    expect(list.body.items.map((e: { id: string }) => e.id)).toEqual([atA.id]);
    expect(
      (await t.request('GET', orgPath(`/enrollments/${atB.id}`), { token: receptionistA.token })).status,
    ).toBe(404);
    const intoB = await enroll(
      { customerId: customer.id, scheduleId: classB.id, startDate: '2027-06-15' },
      receptionistA,
    );
    expect(intoB.status).toBe(404);
    expect((await act(atB.id, { action: 'COMPLETE' }, receptionistA)).status).toBe(404);
  });

  it('lets an assistant view but not change, and keeps org viewers and outsiders out', async () => {
    const customer = await newCustomer();
    const enrollment = await enrolled({ customerId: customer.id, startDate: '2027-06-09' });
    expect(
      (await t.request('GET', orgPath(`/enrollments/${enrollment.id}`), { token: assistantA.token })).status,
    ).toBe(200);
    expect((await act(enrollment.id, { action: 'COMPLETE' }, assistantA)).status).toBe(403);
    expect((await enroll({ customerId: customer.id, startDate: '2027-06-20' }, assistantA)).status).toBe(403);
    expect((await t.request('GET', orgPath('/enrollments'), { token: viewer.token })).status).toBe(403);
    for (const [method, path] of [
      ['GET', '/enrollments'],
      ['GET', `/enrollments/${enrollment.id}`],
      ['POST', `/enrollments/${enrollment.id}/actions`],
      ['DELETE', `/enrollments/${enrollment.id}`],
    ] as const) {
      const response = await t.request(method, orgPath(path), {
        token: outsider.token,
        ...(method === 'POST' ? { body: { action: 'COMPLETE' } } : {}),
      });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const still = await t.request('GET', orgPath(`/enrollments/${enrollment.id}`), { token: owner.token });
    expect(still.body.status).toBe('ACTIVE');
  });
});

describe('the daily job', () => {
  it('completes ended enrollments and resumes paused ones in the organization’s calendar, idempotently', async () => {
    // A fixed term: these end (enrollments-job.test.ts has the ones that renew).
    const fixedTerm = await createPlan(t, owner, organizationId, { renewsAutomatically: false });
    const ended = await enrolled({
      customerId: (await newCustomer()).id,
      planId: fixedTerm.id,
      startDate: '2027-03-01',
      endDate: '2027-03-20',
    });
    const paused = await enrolled({
      customerId: (await newCustomer()).id,
      planId: fixedTerm.id,
      startDate: '2027-03-01',
    });
    await act(paused.id, { action: 'PAUSE', from: '2027-03-08', resumeOn: '2027-03-22' });
    // 21 March 02:00 UTC is still the 20th in São Paulo: nothing ends yet.
    expect(await settleEnrollmentStatuses(t.db, new Date('2027-03-21T02:00:00Z'))).toMatchObject({
      completed: 0,
    });
    const first = await settleEnrollmentStatuses(t.db, new Date('2027-03-22T12:00:00Z'));
    expect(first.completed).toBeGreaterThanOrEqual(1);
    const read = async (id: string) =>
      (await t.request('GET', orgPath(`/enrollments/${id}`), { token: owner.token })).body.status;
    expect(await read(ended.id)).toBe('COMPLETED');
    expect(await read(paused.id)).toBe('ACTIVE');
    expect(await settleEnrollmentStatuses(t.db, new Date('2027-03-22T12:00:00Z'))).toEqual({
      renewed: 0,
      completed: 0,
      resumed: 0,
    });
  });
});

describe('coverage in SQL', () => {
  it('agrees with the domain rule on every date around the enrollment, renewing or not', async () => {
    const cases: EnrollmentCoverage[] = [
      {
        startDate: '2027-03-01',
        endDate: '2027-03-31',
        pausedFrom: null,
        resumeOn: null,
        canceledFrom: null,
      },
      {
        startDate: '2027-03-01',
        endDate: '2027-03-31',
        pausedFrom: '2027-03-10',
        resumeOn: '2027-03-20',
        canceledFrom: null,
      },
      {
        startDate: '2027-03-01',
        endDate: '2027-03-31',
        pausedFrom: '2027-03-10',
        resumeOn: null,
        canceledFrom: null,
      },
      {
        startDate: '2027-03-01',
        endDate: '2027-03-31',
        pausedFrom: '2027-03-05',
        resumeOn: '2027-03-08',
        canceledFrom: '2027-03-25',
      },
    ];
    for (const coverage of cases.flatMap((dates) =>
      [false, true].map((renewing) => ({ ...dates, renewing })),
    )) {
      const d = (value: string | null) => sql`${value}::date`;
      const result = await t.db.execute(
        sql`select day::date::text as day, ${enrollmentCovers(
          {
            startDate: d(coverage.startDate),
            endDate: d(coverage.endDate),
            pausedFrom: d(coverage.pausedFrom),
            resumeOn: d(coverage.resumeOn),
            canceledFrom: d(coverage.canceledFrom),
            renewing: sql`${coverage.renewing}::boolean`,
          },
          sql`day::date`,
        )} as covered from generate_series('2027-02-25'::date, '2027-04-05'::date, interval '1 day') day`,
      );
      const rows = (result as unknown as { rows: { day: string; covered: boolean }[] }).rows;
      for (const row of rows)
        expect(row.covered, `${JSON.stringify(coverage)} ${row.day}`).toBe(coversDate(coverage, row.day));
    }
  });
});
