import { addDays } from '@reformer/domain/calendar-dates';
import { type Dashboard, dashboardPeriods } from '@reformer/domain/dashboard';
import { and, count, eq, notInArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chargeDueCycles } from '../../db/billing-cycles.ts';
import {
  customers,
  dashboardDays,
  dashboardMarks,
  dashboardMoney,
  dashboardMoneyMarks,
  payments,
  scheduleSessions,
  sessionAttendance,
} from '../../db/schema/index.ts';
import { isFullScale, proofSeed } from '../../proof/proof-scale.ts';
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
import { findSession } from '../sessions/sessions.repository.ts';
import { paymentsFromScratch } from './dashboard.service.ts';
import { sumSessionsBySchedule } from './dashboard-session-days.repository.ts';
import { forgetMarkedFigures } from './forget-marked-figures.ts';

/**
 * The kept session and money figures (decision 018, issue #33) equal the from-scratch ones after any history
 * of writes: random sequences of enrollments, their actions, check-ins and their undoing, attendance statuses,
 * customers added to a session or deleted, sessions moved, payments and refunds in two currencies, price changes, the billing
 * job charging the cycles due, a schedule's end moved, time zone changes and days passing — with dashboard
 * reads and the daily job that forgets what the marks made stale in between, so that kept figures are refreshed
 * while the history goes on. One studio lives through every history, so each starts where the last ended.
 */

let t: TestApp;
let owner: TestUser;
let organizationId: string;
let establishmentId: string;
let instructorId: string;
let now = new Date('2027-03-15T15:00:00Z');
const schedules: { id: string; body: Record<string, unknown> }[] = [];
const scheduleIds: string[] = [];
const plans: { id: string; body: Record<string, unknown> }[] = [];
const planIds: string[] = [];
const customerIds: string[] = [];
const enrollmentIds: string[] = [];
const paymentIds: string[] = [];

const orgPath = (suffix: string) => `/organizations/${organizationId}${suffix}`;

/** Any answer but a server error: a refused write (full session, ended enrollment) is part of a history. */
async function send(method: string, path: string, body?: unknown) {
  const response = await t.request(method, orgPath(path), { token: owner.token, body });
  expect(response.status, response.text).toBeLessThan(500);
  return response;
}

const today = () => now.toISOString().slice(0, 10);
const pick = <T>(items: readonly T[], index: number): T | undefined =>
  items[index % Math.max(1, items.length)];

async function sessionOn(scheduleIndex: number, date: string) {
  const scheduleId = pick(scheduleIds, scheduleIndex) ?? '';
  const [session] = await t.db
    .select({ id: scheduleSessions.id })
    .from(scheduleSessions)
    .where(
      and(
        eq(scheduleSessions.organizationId, organizationId),
        eq(scheduleSessions.scheduleId, scheduleId),
        eq(scheduleSessions.scheduledDate, date),
      ),
    );
  return session?.id;
}

const index = fc.nat({ max: 7 });
const dayOffset = fc.integer({ min: -35, max: 3 });

const step = fc.oneof(
  fc.record({ kind: fc.constant('pass-days' as const), days: fc.integer({ min: 1, max: 9 }) }),
  fc.record({
    kind: fc.constant('enroll' as const),
    customer: index,
    schedule: index,
    plan: index,
    start: fc.integer({ min: -40, max: 5 }),
    months: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    kind: fc.constant('enrollment-action' as const),
    enrollment: index,
    action: fc.constantFrom('CANCEL', 'RENEW', 'PAUSE', 'RESUME', 'SET_RENEWAL'),
    from: fc.integer({ min: -20, max: 5 }),
  }),
  fc.record({ kind: fc.constant('check-in' as const), customer: index, schedule: index, day: dayOffset }),
  fc.record({
    kind: fc.constant('undo-check-in' as const),
    customer: index,
    schedule: index,
    day: dayOffset,
  }),
  fc.record({
    kind: fc.constant('attendance' as const),
    customer: index,
    schedule: index,
    day: dayOffset,
    status: fc.constantFrom('CANCELED', 'CONFIRMED', 'NO_SHOW'),
  }),
  fc.record({
    kind: fc.constant('add-to-session' as const),
    customer: index,
    schedule: index,
    day: dayOffset,
  }),
  fc.record({ kind: fc.constant('delete-customer' as const), customer: index }),
  fc.record({
    kind: fc.constant('move' as const),
    schedule: index,
    day: dayOffset,
    by: fc.integer({ min: -2, max: 2 }),
  }),
  fc.record({
    kind: fc.constant('pay' as const),
    enrollment: index,
    cents: fc.integer({ min: 100, max: 50_000 }),
    status: fc.constantFrom('COMPLETED', 'PENDING'),
  }),
  fc.record({ kind: fc.constant('refund' as const), payment: index }),
  fc.record({ kind: fc.constant('delete-payment' as const), payment: index }),
  fc.record({
    kind: fc.constant('edit-payment' as const),
    payment: index,
    cents: fc.integer({ min: 100, max: 50_000 }),
    status: fc.constantFrom('COMPLETED', 'PENDING'),
  }),
  fc.record({
    kind: fc.constant('price' as const),
    plan: index,
    cents: fc.integer({ min: 1_000, max: 60_000 }),
  }),
  fc.constant({ kind: 'charge-cycles' as const }),
  fc.record({
    kind: fc.constant('schedule-end' as const),
    schedule: index,
    days: fc.integer({ min: 20, max: 200 }),
  }),
  fc.record({
    kind: fc.constant('time-zone' as const),
    zone: fc.constantFrom('America/Sao_Paulo', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/Lisbon'),
  }),
  fc.constant({ kind: 'read' as const }),
  fc.record({ kind: fc.constant('calendar' as const), weeks: fc.integer({ min: 1, max: 6 }) }),
  fc.constant({ kind: 'forget-marked' as const }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

async function run(s: Step) {
  switch (s.kind) {
    case 'pass-days':
      now = new Date(now.getTime() + s.days * 86_400_000);
      t.setNow(now);
      return;
    case 'enroll': {
      const startDate = addDays(today(), s.start);
      const response = await send('POST', '/enrollments', {
        customerId: pick(customerIds, s.customer),
        planId: pick(planIds, s.plan),
        scheduleId: pick(scheduleIds, s.schedule),
        startDate,
        endDate: addDays(startDate, 30 * s.months - 1),
      });
      if (response.status === 201) enrollmentIds.push(response.body.id);
      return;
    }
    case 'enrollment-action': {
      const enrollmentId = pick(enrollmentIds, s.enrollment);
      if (!enrollmentId) return;
      const from = addDays(today(), s.from);
      const body =
        s.action === 'PAUSE'
          ? { action: 'PAUSE', from, resumeOn: addDays(from, 10) }
          : s.action === 'CANCEL'
            ? { action: 'CANCEL', from }
            : s.action === 'SET_RENEWAL'
              ? { action: 'SET_RENEWAL', renewal: 'RENEWS' }
              : { action: s.action };
      await send('POST', `/enrollments/${enrollmentId}/actions`, body);
      return;
    }
    case 'check-in':
    case 'undo-check-in':
    case 'attendance':
    case 'add-to-session': {
      const sessionId = await sessionOn(s.schedule, addDays(today(), s.day));
      const customerId = pick(customerIds, s.customer);
      if (!sessionId || !customerId) return;
      if (s.kind === 'check-in') await send('POST', `/sessions/${sessionId}/check-ins`, { customerId });
      if (s.kind === 'undo-check-in') await send('DELETE', `/sessions/${sessionId}/check-ins/${customerId}`);
      if (s.kind === 'attendance')
        await send('PUT', `/sessions/${sessionId}/attendance/${customerId}`, { status: s.status });
      if (s.kind === 'add-to-session')
        await send('POST', `/sessions/${sessionId}/customers`, {
          customerIds: [customerId],
          reason: 'TRIAL_CLASS',
        });
      return;
    }
    case 'move': {
      // Staff move one session to another day (its scheduled date stays): its counts follow it.
      const scheduled = addDays(today(), s.day);
      const sessionId = await sessionOn(s.schedule, scheduled);
      if (sessionId)
        await send('PUT', `/sessions/${sessionId}`, {
          date: addDays(scheduled, s.by),
          startTime: '06:00',
          endTime: '07:00',
        });
      return;
    }
    case 'delete-customer':
      // Keep most customers: a deleted one leaves every later step about them refused.
      if (s.customer % 4 === 0) await send('DELETE', `/customers/${pick(customerIds, s.customer)}`);
      return;
    case 'pay': {
      const enrollmentId = pick(enrollmentIds, s.enrollment);
      if (!enrollmentId) return;
      const enrollment = (await send('GET', `/enrollments/${enrollmentId}`)).body;
      const response = await send('POST', '/payments', {
        customerId: enrollment.customerId,
        enrollmentId,
        currency: enrollment.planId === planIds[1] ? 'USD' : 'BRL',
        method: 'PIX',
        status: s.status,
        amountCents: s.cents,
        paidOn: today(),
      });
      if (response.status === 201) paymentIds.push(response.body.id);
      return;
    }
    case 'edit-payment': {
      // A payment's status and amount changed in place (one UPDATE of both), or refused as part of a history;
      // what the cycle does not owe goes to credit rather than being refused.
      const paymentId = pick(paymentIds, s.payment);
      if (!paymentId) return;
      const payment = (await send('GET', `/payments/${paymentId}`)).body;
      await send('PUT', `/payments/${paymentId}`, {
        ...Object.fromEntries(
          [
            'customerId',
            'enrollmentId',
            'purchaseId',
            'cycleStart',
            'currency',
            'paidOn',
            'method',
            'notes',
          ].map((field) => [field, payment[field]]),
        ),
        status: s.status,
        amountCents: s.cents,
        recordExcessAsCredit: true,
      });
      return;
    }
    case 'refund': {
      const paymentId = pick(paymentIds, s.payment);
      if (paymentId) await send('POST', `/payments/${paymentId}/refund`, { amountCents: 100 });
      return;
    }
    case 'delete-payment': {
      // Keep most payments: the money figures need a history to follow.
      const paymentId = s.payment % 3 === 0 ? pick(paymentIds, s.payment) : undefined;
      if (paymentId) await send('DELETE', `/payments/${paymentId}`);
      return;
    }
    case 'price': {
      const plan = pick(plans, s.plan);
      if (plan) await send('PUT', `/customer-plans/${plan.id}`, { ...plan.body, priceCents: s.cents });
      return;
    }
    case 'charge-cycles':
      // The billing job's write (decision 028): it fixes each due cycle's amount at today's price.
      await chargeDueCycles(t.db, now);
      return;
    case 'schedule-end': {
      const schedule = pick(schedules, s.schedule);
      if (!schedule) return;
      const endDate = addDays(today(), s.days);
      const response = await send('PUT', `/schedules/${schedule.id}`, { ...schedule.body, endDate });
      expect(response.status, response.text).toBe(200);
      return;
    }
    case 'time-zone':
      await send('PUT', '', { name: 'Kept Figures Studio', timeZone: s.zone });
      return;
    case 'read':
      await expectKeptEqualsFromScratch();
      return;
    case 'calendar':
      await expectCalendarEqualsFromScratch(s.weeks);
      return;
    case 'forget-marked':
      // The daily job, between writes and reads.
      await forgetMarkedFigures(t.db);
      return;
  }
}

/** The dashboard's attendance, occupancy and money (kept) against the same figures from scratch, for its own day. */
async function expectKeptEqualsFromScratch() {
  const response = await send('GET', '/dashboard');
  expect(response.status, response.text).toBe(200);
  const dashboard = response.body as Dashboard;
  const periods = dashboardPeriods(dashboard.today);
  expect(dashboard.payments).toEqual(await paymentsFromScratch(t.db, organizationId, periods));
  const scratch = await sumSessionsBySchedule(t.db, organizationId, periods.attendance, null);
  const kept = dashboard.sessions?.occupancyBySchedule.items.map(({ occupancy: _, ...row }) => row);
  expect(kept).toEqual(scratch.map(({ checkedIn: _, ...row }) => row));
  expect(dashboard.sessions?.attendance.checkedIn).toBe(scratch.reduce((sum, row) => sum + row.checkedIn, 0));
  // Today's sessions: the calendar's kept counts where it kept them, each counted from scratch here.
  const todays = dashboard.sessions?.today ?? [];
  const todaysFromScratch = await Promise.all(
    todays.map(async ({ id }) => {
      const session = await findSession(t.db, organizationId, id, now);
      return { id, seatsTaken: session?.rosterCount, checkedIn: session?.checkedInCount };
    }),
  );
  expect(todays.map(({ id, seatsTaken, checkedIn }) => ({ id, seatsTaken, checkedIn }))).toEqual(
    todaysFromScratch,
  );
  await expectListTotalsFromScratch();
}

/**
 * The payment list's totals and the customer list's total, which triggers keep when nothing is filtered
 * (migration 0044), against the sums and the count from scratch — on the first page, which carries
 * them, and past the last, which reads them alone.
 */
async function expectListTotalsFromScratch() {
  const paymentTotals = await t.db
    .select({
      currency: payments.currency,
      completedCents: sql<number>`coalesce(sum(${payments.amountCents} - ${payments.refundedCents})
        filter (where ${payments.status} = 'COMPLETED'), 0)`.mapWith(Number),
      pendingCents: sql<number>`coalesce(sum(${payments.amountCents})
        filter (where ${payments.status} = 'PENDING'), 0)`.mapWith(Number),
      count: count(),
    })
    .from(payments)
    .where(eq(payments.organizationId, organizationId))
    .groupBy(payments.currency)
    .orderBy(payments.currency);
  const [onTheBooks] = await t.db
    .select({ value: count() })
    .from(customers)
    .where(
      and(eq(customers.organizationId, organizationId), notInArray(customers.status, ['DELETED', 'PURGED'])),
    );
  for (const page of [1, 999]) {
    const listed = (await send('GET', `/payments?page=${page}&limit=1`)).body;
    expect(listed.totals, `payments, page ${page}`).toEqual(paymentTotals);
    const customerList = (await send('GET', `/customers?page=${page}&limit=1`)).body;
    expect(customerList.total, `customers, page ${page}`).toBe(onTheBooks?.value);
  }
}

/** The latest session at least a week back, and its date. */
async function pastSession() {
  for (let back = 7; back < 14; back += 1) {
    const date = addDays(today(), -back);
    const sessionId = (await sessionOn(0, date)) ?? (await sessionOn(1, date));
    if (sessionId) return { date, sessionId };
  }
  throw new Error(`no session in the week before ${addDays(today(), -7)}`);
}

/**
 * The calendar's seat and check-in counts (kept per session) against each session's counted from scratch, over
 * `weeks` weeks back to three days ahead. Read twice: the first read counts what was not kept and keeps it, the
 * second reads what it kept.
 */
async function expectCalendarEqualsFromScratch(weeks = 5) {
  const from = addDays(today(), -7 * weeks);
  const to = addDays(today(), 3);
  for (const round of ['counts, then keeps', 'reads what it kept']) {
    const response = await send('GET', `/sessions?from=${from}&to=${to}`);
    expect(response.status, response.text).toBe(200);
    const shown = (response.body.items as SessionCounts[]).map(countsOf);
    const scratch = await Promise.all(
      shown.map(async ({ id }) => countsOf((await findSession(t.db, organizationId, id, now)) ?? { id })),
    );
    expect(shown, round).toEqual(scratch);
  }
}

type SessionCounts = { id: string; rosterCount?: number; checkedInCount?: number };
const countsOf = ({ id, rosterCount, checkedInCount }: SessionCounts) => ({
  id,
  rosterCount,
  checkedInCount,
});

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(now);
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner, 'Kept Figures Studio')).id;
  const centro = (await createEstablishment(t, owner, organizationId, 'Centro')).id;
  establishmentId = centro;
  const instructor = await addMember(t, owner, organizationId, {
    establishments: [{ establishmentId: centro, role: 'EST_INSTRUCTOR' }],
  });
  instructorId = instructor.id;
  for (const [name, capacity, daysOfWeek] of [
    ['Reformer', 3, [1, 3, 5]],
    ['Mat', 2, [2, 4, 6]],
  ] as const) {
    const body = scheduleBody(centro, instructor.id, {
      name,
      capacity,
      daysOfWeek,
      startDate: '2027-01-04',
      endDate: '2027-12-31',
    });
    schedules.push({ id: (await createSchedule(t, owner, organizationId, body)).id, body });
  }
  const brl = {
    name: 'Mensal',
    description: 'Livre',
    priceCents: 34_900,
    currency: 'BRL',
    billingCycle: 'MONTHLY',
  };
  const usd = {
    ...brl,
    name: 'Quarterly USD',
    priceCents: 9_900,
    currency: 'USD',
    billingCycle: 'QUARTERLY',
  };
  for (const plan of [brl, usd]) {
    const body = { ...plan, features: ['Reformer'], weeklySessionsLimit: null };
    plans.push({ id: (await createPlan(t, owner, organizationId, body)).id, body });
  }
  planIds.push(...plans.map((plan) => plan.id));
  scheduleIds.push(...schedules.map((schedule) => schedule.id));
  for (const firstName of ['Ana', 'Bia', 'Caio', 'Davi', 'Eva', 'Fábio']) {
    const body = { firstName, lastName: 'Lima', status: 'ACTIVE' };
    customerIds.push((await createCustomer(t, owner, organizationId, body)).id);
  }
});

afterAll(async () => {
  await t?.close();
});

it('keeps the attendance, occupancy, money and calendar figures equal to the from-scratch ones over random histories', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: isFullScale ? 14 : 6 }), async (history) => {
      for (const s of history) await run(s);
      // The calendar first: the dashboard's read consumes the marks, which would forget its stale counts.
      await expectCalendarEqualsFromScratch();
      await expectKeptEqualsFromScratch();
    }),
    { numRuns: isFullScale ? 120 : 20, seed: proofSeed, endOnFailure: true },
  );
}, 600_000);

it('leaves the date of a write still uncommitted while a read refreshes it marked for the next read', async () => {
  await expectKeptEqualsFromScratch();
  // A past date with a session (the random histories leave "today" on any weekday, and Sundays have none).
  const { date, sessionId } = await pastSession();
  const late = (await createCustomer(t, owner, organizationId, { firstName: 'Gil', lastName: 'Lima' })).id;
  await t.db.transaction(async (tx) => {
    // Another connection's check-in, not committed until the read below has refreshed its date.
    await tx.insert(sessionAttendance).values({
      organizationId,
      sessionId,
      customerId: late,
      source: 'ADDED',
      reason: 'TRIAL_CLASS',
      status: 'CONFIRMED',
      checkedInAt: now,
    });
    // A committed write's mark of the same date: the read refreshes it without the check-in it cannot see.
    await t.db.insert(dashboardMarks).values({ organizationId, day: date });
    await expectKeptEqualsFromScratch();
    // The calendar too: the date's counts are forgotten and counted again without the uncommitted check-in.
    await t.db.insert(dashboardMarks).values({ organizationId, day: date });
    await expectCalendarEqualsFromScratch(2);
    const [left] = await t.db
      .select({ count: count() })
      .from(dashboardMarks)
      .where(eq(dashboardMarks.organizationId, organizationId));
    expect(left?.count).toBe(0);
  });
  // Its mark outlived the refreshes that could not see it: these reads count the check-in.
  await expectKeptEqualsFromScratch();
  await expectCalendarEqualsFromScratch(2);
});

it('leaves a payment still uncommitted while a read refreshes the money figures marked for the next read', async () => {
  const customerId = (await createCustomer(t, owner, organizationId, { firstName: 'Ivo', lastName: 'Lima' }))
    .id;
  // A class of its own with room: the random histories may have filled the studio's two.
  const roomy = scheduleBody(establishmentId, instructorId, {
    name: 'Roomy',
    capacity: 20,
    daysOfWeek: [1, 2, 3, 4, 5],
    startDate: today(),
    endDate: addDays(today(), 60),
  });
  const roomyId = (await createSchedule(t, owner, organizationId, roomy)).id;
  const enrolled = await send('POST', '/enrollments', {
    customerId,
    planId: planIds[0],
    scheduleId: roomyId,
    startDate: today(),
    endDate: addDays(today(), 29),
  });
  expect(enrolled.status, enrolled.text).toBe(201);
  const paid = await send('POST', '/payments', {
    customerId,
    enrollmentId: enrolled.body.id,
    currency: 'BRL',
    method: 'PIX',
    status: 'COMPLETED',
    amountCents: 1_000,
    paidOn: today(),
  });
  expect(paid.status, paid.text).toBe(201);
  await expectKeptEqualsFromScratch();
  const [payment] = await t.db.select().from(payments).where(eq(payments.id, paid.body.id));
  if (!payment) throw new Error('the payment is not in the database');
  await t.db.transaction(async (tx) => {
    // Another connection's payment, not committed until the read below has refreshed the money figures.
    await tx.insert(payments).values({ ...payment, id: crypto.randomUUID(), amountCents: 2_500 });
    // A committed write's mark: the read recomputes without the payment it cannot see.
    await t.db.insert(dashboardMoneyMarks).values({ organizationId });
    await expectKeptEqualsFromScratch();
  });
  // Its mark outlived the refresh that could not see it: this read counts the payment.
  await expectKeptEqualsFromScratch();
});

it('the daily job clears the marks of a dashboard nobody opens, forgetting only what they made stale', async () => {
  await expectKeptEqualsFromScratch();
  const marksOf = async (table: typeof dashboardMarks | typeof dashboardMoneyMarks) =>
    (await t.db.select({ count: count() }).from(table).where(eq(table.organizationId, organizationId)))[0]
      ?.count;
  const keptDays = async () =>
    (
      await t.db
        .select({ day: dashboardDays.day })
        .from(dashboardDays)
        .where(eq(dashboardDays.organizationId, organizationId))
    ).map((row) => row.day);
  const [date] = (
    await Promise.all(
      [-1, -2, -3].map(async (offset) => ((await sessionOn(0, addDays(today(), offset))) ? offset : null)),
    )
  ).flatMap((offset) => (offset === null ? [] : [addDays(today(), offset)]));
  if (!date) throw new Error('no Reformer session in the last three days');
  const keptBefore = await keptDays();
  expect(keptBefore).toContain(date);
  // Writes with no dashboard read after them: each adds its marks. A customer of its own, whom the random
  // histories cannot have deleted, added and taken off again.
  const sessionId = (await sessionOn(0, date)) ?? '';
  const walkIn = (await createCustomer(t, owner, organizationId, { firstName: 'Hugo', lastName: 'Lima' })).id;
  const place = { organizationId, sessionId, customerId: walkIn };
  await t.db
    .insert(sessionAttendance)
    .values({ ...place, source: 'ADDED', reason: 'TRIAL_CLASS', status: 'CONFIRMED', checkedInAt: now });
  await t.db
    .delete(sessionAttendance)
    .where(and(eq(sessionAttendance.sessionId, sessionId), eq(sessionAttendance.customerId, walkIn)));
  await run({ kind: 'pay', enrollment: 0, cents: 4_200, status: 'COMPLETED' });
  await run({ kind: 'price', plan: 0, cents: 35_900 });
  expect(await marksOf(dashboardMarks)).toBeGreaterThan(0);
  expect(await marksOf(dashboardMoneyMarks)).toBeGreaterThan(0);

  expect(await forgetMarkedFigures(t.db)).toBeGreaterThanOrEqual(1);
  expect(await marksOf(dashboardMarks)).toBe(0);
  expect(await marksOf(dashboardMoneyMarks)).toBe(0);
  // The marked date is forgotten, the other dates stay kept; the money is forgotten whole.
  expect(await keptDays()).toEqual(keptBefore.filter((day) => day !== date));
  const money = await t.db
    .select({ day: dashboardMoney.day })
    .from(dashboardMoney)
    .where(eq(dashboardMoney.organizationId, organizationId));
  expect(money).toEqual([]);
  // The next read computes what was forgotten, and finds nothing more to clear.
  await expectKeptEqualsFromScratch();
  expect(await keptDays()).toContain(date);
  expect(await forgetMarkedFigures(t.db)).toBe(0);
});
