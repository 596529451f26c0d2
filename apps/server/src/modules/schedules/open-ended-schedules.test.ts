import { and, asc, count, countDistinct, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scheduleSessions, schedules } from '../../db/schema/index.ts';
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
import { settleEnrollmentStatuses } from '../enrollments/enrollments-job.ts';
import { extendOpenEndedSchedules } from './schedules-job.ts';

/**
 * Issue #26 §1, decision 040: a recurring schedule with no end date keeps its sessions 12 months ahead of
 * today (São Paulo, the default zone) — generated when saved, moved on by the job — and an end date set later
 * removes what comes after it and stops its enrollments' renewals there.
 */

let t: TestApp;
let owner: TestUser;
let organizationId: string;
let establishmentId: string;
let instructor: TestUser;
let planId: string;

/** 09:00 on Monday 15 February 2027 in São Paulo: the horizon is 15 February 2028. */
const FEBRUARY_15 = new Date('2027-02-15T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(FEBRUARY_15);
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
  establishmentId = (await createEstablishment(t, owner, organizationId, 'Centro')).id;
  instructor = await addMember(t, owner, organizationId, {
    establishments: [{ establishmentId, role: 'EST_INSTRUCTOR' }],
  });
  planId = (await createPlan(t, owner, organizationId)).id;
});
beforeEach(() => t.setNow(FEBRUARY_15));
afterAll(() => t.close());

const orgPath = (suffix: string) => `/organizations/${organizationId}${suffix}`;

/** Mondays and Wednesdays from 1 March 2027, 07:00–08:00, with no end date. */
function openEnded(name: string, overrides: Record<string, unknown> = {}) {
  return createSchedule(
    t,
    owner,
    organizationId,
    scheduleBody(establishmentId, instructor.id, { name, endDate: null, ...overrides }),
  );
}

async function sessionsOf(scheduleId: string) {
  return t.db
    .select({ id: scheduleSessions.id, scheduledDate: scheduleSessions.scheduledDate })
    .from(scheduleSessions)
    .where(eq(scheduleSessions.scheduleId, scheduleId))
    .orderBy(asc(scheduleSessions.scheduledDate));
}

async function generatedThrough(scheduleId: string) {
  const [row] = await t.db
    .select({ through: schedules.sessionsGeneratedThrough })
    .from(schedules)
    .where(eq(schedules.id, scheduleId));
  return row?.through;
}

async function countSessions() {
  const [row] = await t.db.select({ value: count() }).from(scheduleSessions);
  return row?.value ?? 0;
}

/** Whether any schedule of the database has two sessions generated for one date. */
async function hasDuplicates() {
  const [row] = await t.db
    .select({
      rows: count(),
      dates: countDistinct(sql`(${scheduleSessions.scheduleId}, ${scheduleSessions.scheduledDate})`),
    })
    .from(scheduleSessions);
  return row?.rows !== row?.dates;
}

describe('a schedule with no end date', () => {
  it('is saved open-ended with its sessions up to 12 months after today', async () => {
    const schedule = await openEnded('Aberta');
    const read = await t.request('GET', orgPath(`/schedules/${schedule.id}`), { token: owner.token });
    expect(read.body).toMatchObject({ endDate: null, recurrenceType: 'WEEKLY', startDate: '2027-03-01' });
    const sessions = await sessionsOf(schedule.id);
    // Every Monday and Wednesday from 1 March 2027 to the horizon, 15 February 2028 (a Tuesday).
    expect(sessions).toHaveLength(101);
    expect(sessions[0]?.scheduledDate).toBe('2027-03-01');
    expect(sessions.at(-1)?.scheduledDate).toBe('2028-02-14');
    expect(await generatedThrough(schedule.id)).toBe('2028-02-15');
  });

  it('started long ago, gets its sessions from 12 months back only: two years of rows at most', async () => {
    const everyDay = await openEnded('Desde sempre', {
      startDate: '1900-01-01',
      daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
    });
    const sessions = await sessionsOf(everyDay.id);
    expect(sessions[0]?.scheduledDate).toBe('2026-02-15');
    expect(sessions.at(-1)?.scheduledDate).toBe('2028-02-15');
    expect(sessions).toHaveLength(731);
  });

  it('keeps the two-year limit for an end date, and records no horizon for a schedule that has one', async () => {
    const tooLong = await t.request('POST', orgPath('/schedules'), {
      token: owner.token,
      body: scheduleBody(establishmentId, instructor.id, { endDate: '2029-03-02' }),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.details).toMatchObject([
      { path: 'endDate', key: 'validation.recurrenceTooLong' },
    ]);
    const bounded = await createSchedule(
      t,
      owner,
      organizationId,
      scheduleBody(establishmentId, instructor.id),
    );
    expect(await generatedThrough(bounded.id)).toBeNull();
  });

  it('is offered for enrolling in a period long after its start, as one with an end date is until it ends', async () => {
    const schedule = await openEnded('Para matrícula');
    const bounded = await createSchedule(
      t,
      owner,
      organizationId,
      scheduleBody(establishmentId, instructor.id, { name: 'Até junho', endDate: '2027-06-30' }),
    );
    const options = await t.request('GET', orgPath('/enrollments/options?startDate=2027-09-01'), {
      token: owner.token,
    });
    expect(options.status, options.text).toBe(200);
    const ids = options.body.schedules.map((offered: { scheduleId: string }) => offered.scheduleId);
    expect(ids).toContain(schedule.id);
    expect(ids).not.toContain(bounded.id);
  });
});

describe('the extension job', () => {
  it('moves the horizon with today in the organization’s calendar, keeping the sessions already there', async () => {
    const schedule = await openEnded('Estendida');
    const before = await sessionsOf(schedule.id);
    // 02:00 UTC on 11 June is still 10 June in São Paulo: the horizon is 10 June 2028, a Saturday.
    const june10 = new Date('2027-06-11T02:00:00Z');
    await extendOpenEndedSchedules(t.db, june10);
    const after = await sessionsOf(schedule.id);
    expect(after).toHaveLength(134);
    expect(after.at(-1)?.scheduledDate).toBe('2028-06-07');
    expect(after.slice(0, before.length)).toEqual(before);
    expect(await generatedThrough(schedule.id)).toBe('2028-06-10');

    const again = await extendOpenEndedSchedules(t.db, june10);
    expect(again).toEqual({ schedules: 0, sessions: 0 });
    expect(await sessionsOf(schedule.id)).toEqual(after);
  });

  it('two runs at once extend each schedule once between them', async () => {
    const schedule = await openEnded('Concorrida');
    const before = await countSessions();
    const july1 = new Date('2027-07-01T15:00:00Z');
    let runs: Promise<{ schedules: number; sessions: number }[]> | undefined;
    // Both runs are started while the schedule is locked and let go together once both wait for it.
    await t.db.transaction(async (tx) => {
      await tx
        .select({ id: schedules.id })
        .from(schedules)
        .where(eq(schedules.id, schedule.id))
        .for('update');
      runs = Promise.all([extendOpenEndedSchedules(t.db, july1), extendOpenEndedSchedules(t.db, july1)]);
      await untilQueriesWaitForALock(2);
    });
    const [a, b] = (await runs) ?? [];
    const [openEndedSchedules] = await t.db
      .select({ value: count() })
      .from(schedules)
      .where(sql`${schedules.sessionsGeneratedThrough} is not null`);
    // One run extended every schedule; the other, let in after it, found nothing behind.
    expect([a?.schedules, b?.schedules].sort()).toEqual([0, openEndedSchedules?.value]);
    expect((a?.sessions ?? 0) + (b?.sessions ?? 0)).toBe((await countSessions()) - before);
    expect(await hasDuplicates()).toBe(false);
    expect(await sessionsOf(schedule.id)).toHaveLength(140);
  });

  it('generates again over sessions already there without a second copy', async () => {
    const schedule = await openEnded('Repetida');
    await extendOpenEndedSchedules(t.db, new Date('2027-07-01T15:00:00Z'));
    const sessions = await sessionsOf(schedule.id);
    // As if a run had recorded less than it generated: the next one meets the dates already there.
    await t.db
      .update(schedules)
      .set({ sessionsGeneratedThrough: '2028-01-31' })
      .where(eq(schedules.id, schedule.id));
    await extendOpenEndedSchedules(t.db, new Date('2027-07-01T16:00:00Z'));
    expect(await sessionsOf(schedule.id)).toEqual(sessions);
    expect(await generatedThrough(schedule.id)).toBe('2028-07-01');
  });

  it('waits for an edit that ends the schedule, then generates nothing past its end', async () => {
    const schedule = await openEnded('Encerrada durante o job');
    const ofSchedule = and(eq(schedules.organizationId, organizationId), eq(schedules.id, schedule.id));
    let job: ReturnType<typeof extendOpenEndedSchedules> | undefined;
    await t.db.transaction(async (tx) => {
      // The edit holds the schedule's lock when the job reaches it.
      await tx.select({ id: schedules.id }).from(schedules).where(ofSchedule).for('update');
      job = extendOpenEndedSchedules(t.db, new Date('2027-08-01T15:00:00Z'));
      await untilQueriesWaitForALock(1);
      await tx
        .update(schedules)
        .set({ endDate: '2027-12-31', sessionsGeneratedThrough: null })
        .where(ofSchedule);
      await tx
        .delete(scheduleSessions)
        .where(
          and(
            eq(scheduleSessions.scheduleId, schedule.id),
            sql`${scheduleSessions.scheduledDate} > '2027-12-31'`,
          ),
        );
    });
    await job;
    expect((await sessionsOf(schedule.id)).at(-1)?.scheduledDate).toBe('2027-12-29');
  });
});

/** Polls the database's own view of its connections: the state to wait for, not a time. */
async function untilQueriesWaitForALock(queries: number) {
  for (;;) {
    const result = await t.db.execute(
      sql`select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (((result as unknown as { rows: { waiting: number }[] }).rows[0]?.waiting ?? 0) >= queries) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('an end date set later', () => {
  it('removes the sessions after it that are free, keeps those with attendance or moved, and stops the job', async () => {
    const schedule = await openEnded('Ganha fim');
    const customer = await createCustomer(t, owner, organizationId, { firstName: 'Rita', lastName: 'Lima' });
    const generated = await sessionsOf(schedule.id);
    const attended = generated.find((session) => session.scheduledDate === '2027-06-07');
    const moved = generated.find((session) => session.scheduledDate === '2027-06-09');
    if (!attended || !moved) throw new Error('missing generated sessions');
    const added = await t.request('POST', orgPath(`/sessions/${attended.id}/customers`), {
      token: owner.token,
      body: { customerIds: [customer.id], reason: 'TRIAL_CLASS' },
    });
    expect(added.status, added.text).toBe(201);
    const move = await t.request('PUT', orgPath(`/sessions/${moved.id}`), {
      token: owner.token,
      body: { date: '2027-06-10', startTime: '09:00', endTime: '10:00' },
    });
    expect(move.status, move.text).toBe(200);

    const edited = await t.request('PUT', orgPath(`/schedules/${schedule.id}`), {
      token: owner.token,
      body: scheduleBody(establishmentId, instructor.id, { name: 'Ganha fim', endDate: '2027-05-31' }),
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.endDate).toBe('2027-05-31');
    const after = await sessionsOf(schedule.id);
    expect(after.map((session) => session.id)).toEqual([
      ...generated.filter((session) => session.scheduledDate <= '2027-05-31').map((session) => session.id),
      attended.id,
      moved.id,
    ]);
    expect(await generatedThrough(schedule.id)).toBeNull();
    await extendOpenEndedSchedules(t.db, new Date('2027-09-01T15:00:00Z'));
    expect(await sessionsOf(schedule.id)).toEqual(after);
  });

  it('is where renewals stop: renewed with no limit while open, clipped at the end, completed after it', async () => {
    const schedule = await openEnded('Assinatura');
    const customer = await createCustomer(t, owner, organizationId, { firstName: 'Bia', lastName: 'Souza' });
    const created = await t.request('POST', orgPath('/enrollments'), {
      token: owner.token,
      body: { customerId: customer.id, planId, scheduleId: schedule.id, startDate: '2027-03-01' },
    });
    expect(created.status, created.text).toBe(201);
    const enrollmentId = created.body.id as string;
    const read = async () =>
      (await t.request('GET', orgPath(`/enrollments/${enrollmentId}`), { token: owner.token })).body;
    expect(await read()).toMatchObject({ endDate: '2027-03-31', scheduleEndDate: null });

    await settleEnrollmentStatuses(t.db, new Date('2027-03-31T15:00:00Z'));
    expect(await read()).toMatchObject({ status: 'ACTIVE', endDate: '2027-04-30' });

    t.setNow(new Date('2027-04-10T15:00:00Z'));
    const edited = await t.request('PUT', orgPath(`/schedules/${schedule.id}`), {
      token: owner.token,
      body: scheduleBody(establishmentId, instructor.id, { name: 'Assinatura', endDate: '2027-05-19' }),
    });
    expect(edited.status, edited.text).toBe(200);
    await settleEnrollmentStatuses(t.db, new Date('2027-04-30T15:00:00Z'));
    expect(await read()).toMatchObject({ status: 'ACTIVE', endDate: '2027-05-19' });
    await settleEnrollmentStatuses(t.db, new Date('2027-05-20T15:00:00Z'));
    expect(await read()).toMatchObject({ status: 'COMPLETED', endDate: '2027-05-19' });
  });
});
