import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeUpCredits } from '../../db/schema/index.ts';
import { createCustomer, createPlan, type TestUser } from '../../test/factories.ts';
import {
  addSchedule,
  createStudio,
  enrollCustomer,
  enrollNewCustomer,
  type Studio,
} from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Earning a credit by cancelling through the attendance route, giving it back, and spending it on a make-up
 * (decision 023). Sessions are in March 2027, São Paulo (UTC−3): 07:00 there is 10:00Z.
 */

let t: TestApp;
let owner: TestUser;
let instructor: TestUser;
let organizationId: string;
let centro: string;
let praia: string;
/** Its instructor teaches at Centro and Praia. */
let studio: Studio;
/** Mondays and Wednesdays 07:00 at Centro: the customers' own class. */
let regular: { id: string };
/** Tuesdays and Thursdays 18:00 at Centro: where make-ups go. */
let evening: { id: string };

const FEBRUARY = new Date('2027-02-15T12:00:00Z');
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(FEBRUARY);
  const created = await createStudio(t, {
    establishmentNames: ['Centro', 'Praia'],
    schedule: { capacity: 10 },
  });
  studio = created;
  ({ owner, organizationId, instructor } = created);
  ({ Centro: centro, Praia: praia } = created.establishments);
  regular = { id: created.scheduleId };
  evening = await addSchedule(t, studio, {
    name: 'Noite',
    startTime: '18:00',
    endTime: '19:00',
    daysOfWeek: [2, 4],
  });
});
beforeEach(() => t.setNow(FEBRUARY));
afterAll(() => t.close());

const orgPath = (suffix: string) => `/organizations/${organizationId}${suffix}`;

async function sessionOn(scheduleId: string, date: string): Promise<string> {
  const list = await t.request('GET', orgPath(`/sessions?from=${date}&to=${date}&scheduleId=${scheduleId}`), {
    token: owner.token,
  });
  const id = list.body.items[0]?.id;
  if (!id) throw new Error(`no session of ${scheduleId} on ${date}`);
  return id;
}

let customerNumber = 0;
/** A customer enrolled in the regular class from March to June. */
async function enrolledCustomer(scheduleId = regular.id) {
  customerNumber += 1;
  const enrollment = { startDate: '2027-03-01', endDate: '2027-06-30', scheduleId };
  const customer = { firstName: 'Ana', lastName: `Cliente ${customerNumber}` };
  return (await enrollNewCustomer(t, studio, enrollment, customer)).customerId;
}

function setStatus(sessionId: string, customerId: string, status: string, user = instructor) {
  return t.request('PUT', orgPath(`/sessions/${sessionId}/attendance/${customerId}`), {
    token: user.token,
    body: { status },
  });
}

function bookMakeUp(sessionId: string, customerIds: string[], user = instructor) {
  return t.request('POST', orgPath(`/sessions/${sessionId}/customers`), {
    token: user.token,
    body: { customerIds, reason: 'REPOSITION' },
  });
}

async function creditsOf(customerId: string) {
  const response = await t.request('GET', orgPath(`/customers/${customerId}/make-up-credits`), {
    token: instructor.token,
  });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

async function saveSettings(changes: Record<string, unknown>) {
  const body = {
    noticeHours: 24,
    monthlyLimit: 2,
    validity: 'END_OF_NEXT_MONTH',
    validityDays: 30,
    allowMakeUpOfMakeUp: false,
    ...changes,
  };
  const saved = await t.request('PUT', orgPath('/make-up-credit-settings'), { token: owner.token, body });
  expect(saved.status, saved.text).toBe(200);
}

describe('cancelling a place', () => {
  it('earns a credit with exactly 24 h of notice, says so, and gives it back when undone', async () => {
    const ana = await enrolledCustomer();
    const monday = await sessionOn(regular.id, '2027-03-08');
    t.setNow(new Date(Date.parse('2027-03-08T10:00:00Z') - 24 * HOUR));
    const canceled = await setStatus(monday, ana, 'CANCELED');
    expect(canceled.status, canceled.text).toBe(200);
    expect(canceled.body.makeUpCredit).toEqual({
      outcome: 'EARNED',
      creditId: expect.any(String),
      expiresOn: '2027-04-30',
    });
    const earned = await creditsOf(ana);
    expect(earned.summary).toEqual({ earned: 1, available: 1, used: 0, expired: 0 });
    expect(earned.items[0]).toMatchObject({
      id: canceled.body.makeUpCredit.creditId,
      state: 'AVAILABLE',
      earnedAt: '2027-03-07T10:00:00.000Z',
      expiresOn: '2027-04-30',
      canceledSession: {
        id: monday,
        date: '2027-03-08',
        startTime: '07:00',
        scheduleName: 'Reformer Iniciante',
      },
      usedAt: null,
      usedSession: null,
    });
    const back = await setStatus(monday, ana, 'CONFIRMED');
    expect(back.body.makeUpCredit).toEqual({
      outcome: 'RETURNED',
      creditId: canceled.body.makeUpCredit.creditId,
    });
    expect((await creditsOf(ana)).items).toEqual([]);
    const same = await setStatus(monday, ana, 'CONFIRMED');
    expect(same.body.makeUpCredit).toBeNull();
  });

  it('earns nothing with a millisecond less than 24 h, and says why', async () => {
    const ana = await enrolledCustomer();
    const monday = await sessionOn(regular.id, '2027-03-15');
    t.setNow(new Date(Date.parse('2027-03-15T10:00:00Z') - 24 * HOUR + 1));
    const canceled = await setStatus(monday, ana, 'CANCELED');
    expect(canceled.body.makeUpCredit).toEqual({
      outcome: 'NOT_EARNED',
      reason: 'SHORT_NOTICE',
      noticeHours: 24,
      monthlyLimit: 2,
    });
    expect((await setStatus(monday, ana, 'CONFIRMED')).body.makeUpCredit).toBeNull();
    expect((await creditsOf(ana)).items).toEqual([]);
  });

  it('stops at the monthly limit of the session’s month and starts again the next month', async () => {
    const ana = await enrolledCustomer();
    const outcomes = [];
    for (const date of ['2027-03-01', '2027-03-03', '2027-03-10', '2027-04-05']) {
      const response = await setStatus(await sessionOn(regular.id, date), ana, 'CANCELED');
      outcomes.push(response.body.makeUpCredit.reason ?? response.body.makeUpCredit.outcome);
    }
    expect(outcomes).toEqual(['EARNED', 'EARNED', 'MONTHLY_LIMIT', 'EARNED']);
  });

  it('earns nothing on a no-credit date of the establishment, for a trial, or for a make-up when off', async () => {
    const ana = await enrolledCustomer();
    await t.request('PUT', orgPath(`/establishments/${centro}/no-credit-dates/2027-03-22`), {
      token: owner.token,
      body: { name: 'Feriado' },
    });
    const holiday = await setStatus(await sessionOn(regular.id, '2027-03-22'), ana, 'CANCELED');
    expect(holiday.body.makeUpCredit.reason).toBe('NO_CREDIT_DATE');
    const visitor = await createCustomer(t, owner, organizationId, { firstName: 'Visita', lastName: 'Nova' });
    const tuesday = await sessionOn(evening.id, '2027-03-02');
    await t.request('POST', orgPath(`/sessions/${tuesday}/customers`), {
      token: instructor.token,
      body: { customerIds: [visitor.id], reason: 'TRIAL_CLASS' },
    });
    const trial = await setStatus(tuesday, visitor.id, 'CANCELED');
    expect(trial.body.makeUpCredit.reason).toBe('NOT_ENROLLED');
  });
});

describe('booking a make-up', () => {
  it('spends the oldest valid credit; its details show where; the cancellation cannot be undone', async () => {
    const ana = await enrolledCustomer();
    const first = await sessionOn(regular.id, '2027-03-24');
    const second = await sessionOn(regular.id, '2027-03-29');
    const older = (await setStatus(first, ana, 'CANCELED')).body.makeUpCredit.creditId;
    t.setNow(new Date('2027-02-16T12:00:00Z'));
    const newer = (await setStatus(second, ana, 'CANCELED')).body.makeUpCredit.creditId;
    const thursday = await sessionOn(evening.id, '2027-03-25');
    t.setNow(new Date('2027-03-20T12:00:00Z'));
    const booked = await bookMakeUp(thursday, [ana]);
    expect(booked.status, booked.text).toBe(201);
    expect(booked.body.spentCredits).toEqual([{ customerId: ana, creditId: older, expiresOn: '2027-04-30' }]);
    expect(
      booked.body.roster.find((entry: { customerId: string }) => entry.customerId === ana),
    ).toMatchObject({
      status: 'REPOSITION',
      source: 'ADDED',
      reason: 'REPOSITION',
    });
    const list = await creditsOf(ana);
    expect(list.summary).toEqual({ earned: 2, available: 1, used: 1, expired: 0 });
    expect(list.items.find((item: { id: string }) => item.id === older)).toMatchObject({
      state: 'USED',
      usedAt: '2027-03-20T12:00:00.000Z',
      usedSession: { id: thursday, date: '2027-03-25', startTime: '18:00', scheduleName: 'Noite' },
    });
    const undo = await setStatus(first, ana, 'CONFIRMED');
    expect(undo.status).toBe(409);
    expect(undo.body.error).toMatchObject({
      code: 'MAKE_UP_CREDIT_USED',
      details: { usedSessionId: thursday },
    });
    expect(list.items.find((item: { id: string }) => item.id === newer).state).toBe('AVAILABLE');
  });

  it('cancelling a make-up earns nothing unless make-ups of make-ups are on; it can be restored', async () => {
    const ana = await enrolledCustomer();
    await setStatus(await sessionOn(regular.id, '2027-04-12'), ana, 'CANCELED');
    await setStatus(await sessionOn(regular.id, '2027-04-14'), ana, 'CANCELED');
    const tuesday = await sessionOn(evening.id, '2027-04-13');
    expect((await bookMakeUp(tuesday, [ana])).status).toBe(201);
    const canceled = await setStatus(tuesday, ana, 'CANCELED');
    expect(canceled.body.makeUpCredit.reason).toBe('MAKE_UP_OF_MAKE_UP');
    const restored = await setStatus(tuesday, ana, 'REPOSITION');
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.makeUpCredit).toBeNull();
    // April's two credits are already earned: the make-up's own cancellation needs a third.
    await saveSettings({ allowMakeUpOfMakeUp: true, monthlyLimit: 3 });
    try {
      const again = await setStatus(tuesday, ana, 'CANCELED');
      expect(again.body.makeUpCredit).toMatchObject({ outcome: 'EARNED', expiresOn: '2027-05-31' });
    } finally {
      await saveSettings({});
    }
  });

  it('is refused without a valid credit, outside the plan’s establishments, and in a full session', async () => {
    const ana = await enrolledCustomer();
    const thursday = await sessionOn(evening.id, '2027-04-01');
    const none = await bookMakeUp(thursday, [ana]);
    expect(none.status).toBe(409);
    expect(none.body.error).toMatchObject({
      code: 'MAKE_UP_NO_CREDIT',
      details: { customerId: ana, name: expect.stringContaining('Ana Cliente') },
    });
    expect(none.body.error.message).toContain('has no make-up credit valid');
    await setStatus(await sessionOn(regular.id, '2027-03-31'), ana, 'CANCELED');
    // Praia: no enrollment of hers there. An individual session at Centro: not a group class.
    const beach = await addSchedule(t, studio, { establishmentId: praia, name: 'Mar' });
    const solo = await addSchedule(t, studio, {
      name: 'Solo',
      type: 'INDIVIDUAL',
      capacity: null,
      startTime: '12:00',
      endTime: '13:00',
    });
    for (const sessionId of [
      await sessionOn(beach.id, '2027-04-05'),
      await sessionOn(solo.id, '2027-04-05'),
    ]) {
      const refused = await bookMakeUp(sessionId, [ana]);
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body.error.code).toBe('MAKE_UP_SESSION_NOT_ALLOWED');
    }
    const tiny = await addSchedule(t, studio, {
      name: 'Dupla',
      capacity: 1,
      startTime: '09:00',
      endTime: '10:00',
    });
    const full = await sessionOn(tiny.id, '2027-04-05');
    const taker = await createCustomer(t, owner, organizationId, { firstName: 'Bia', lastName: 'Cheia' });
    await t.request('POST', orgPath(`/sessions/${full}/customers`), {
      token: instructor.token,
      body: { customerIds: [taker.id], reason: 'OTHER' },
    });
    const noSeat = await bookMakeUp(full, [ana]);
    expect(noSeat.status).toBe(409);
    expect(noSeat.body.error.code).toBe('SESSION_FULL');
    expect((await creditsOf(ana)).summary).toMatchObject({ available: 1, used: 0 });
    const notBooked = await setStatus(full, taker.id, 'REPOSITION');
    expect(notBooked.body.error.code).toBe('MAKE_UP_NOT_BOOKED');
  });

  it('cannot spend an expired credit; the list shows it expired', async () => {
    const ana = await enrolledCustomer();
    await setStatus(await sessionOn(regular.id, '2027-03-17'), ana, 'CANCELED');
    const lastDay = await sessionOn(evening.id, '2027-04-29');
    const afterExpiry = await sessionOn(evening.id, '2027-05-04');
    expect((await bookMakeUp(afterExpiry, [ana])).body.error.code).toBe('MAKE_UP_NO_CREDIT');
    t.setNow(new Date('2027-05-01T03:00:00Z')); // 1 May, 00:00 in São Paulo
    expect((await creditsOf(ana)).summary).toEqual({ earned: 1, available: 0, used: 0, expired: 1 });
    expect((await bookMakeUp(lastDay, [ana])).body.error.code).toBe('MAKE_UP_NO_CREDIT');
    t.setNow(new Date('2027-05-01T02:59:59Z')); // still 30 April there
    expect((await bookMakeUp(lastDay, [ana])).status).toBe(201);
  });
});

/**
 * Classes of their own, one session each on `date`: racing requests then lock different schedules, and only
 * the customer's lock stands between them.
 */
async function singleSessions(names: string[], date: string) {
  const ids = [];
  for (const [index, name] of names.entries()) {
    const hour = String(8 + index).padStart(2, '0');
    const schedule = await addSchedule(t, studio, {
      name,
      recurrenceType: 'SINGLE',
      startDate: date,
      endDate: date,
      startTime: `${hour}:00`,
      endTime: `${hour}:30`,
    });
    ids.push({ scheduleId: schedule.id, sessionId: await sessionOn(schedule.id, date) });
  }
  return ids;
}

describe('under concurrency', () => {
  it('spends one credit once when 8 make-ups of the same customer race in 8 classes', async () => {
    const ana = await enrolledCustomer();
    await setStatus(await sessionOn(regular.id, '2027-05-03'), ana, 'CANCELED');
    const names = Array.from({ length: 8 }, (_, index) => `Corrida ${index}`);
    const sessions = await singleSessions(names, '2027-05-04');
    const answers = await Promise.all(sessions.map(({ sessionId }) => bookMakeUp(sessionId, [ana])));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(
      answers.filter((a) => a.status === 409).every((a) => a.body.error.code === 'MAKE_UP_NO_CREDIT'),
    ).toBe(true);
    const [used] = await t.db
      .select({ value: count() })
      .from(makeUpCredits)
      .where(and(eq(makeUpCredits.customerId, ana), isNotNull(makeUpCredits.usedSessionId)));
    expect(used?.value).toBe(1);
  });

  it('earns at most the monthly limit when 5 cancellations of one customer race in 5 classes', async () => {
    const names = Array.from({ length: 5 }, (_, index) => `Junho ${index}`);
    const sessions = await singleSessions(names, '2027-06-08');
    const customer = await createCustomer(t, owner, organizationId, { firstName: 'Bia', lastName: 'Junho' });
    const weekly = (await createPlan(t, owner, organizationId, { name: 'Livre', weeklySessionsLimit: 7 })).id;
    for (const { scheduleId } of sessions)
      await enrollCustomer(t, studio, customer.id, { planId: weekly, scheduleId, startDate: '2027-06-01' });
    const answers = await Promise.all(
      sessions.map(({ sessionId }) => setStatus(sessionId, customer.id, 'CANCELED')),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const outcomes = answers.map(
      (answer) => answer.body.makeUpCredit.reason ?? answer.body.makeUpCredit.outcome,
    );
    expect(outcomes.sort()).toEqual(['EARNED', 'EARNED', 'MONTHLY_LIMIT', 'MONTHLY_LIMIT', 'MONTHLY_LIMIT']);
    expect((await creditsOf(customer.id)).summary.earned).toBe(2);
  });
});
