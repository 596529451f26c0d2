import { and, count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.ts';
import { organizationTransaction } from '../../db/row-level-security.ts';
import { sessionAttendance } from '../../db/schema/index.ts';
import {
  addMember,
  createCustomer,
  createEstablishment,
  createOrganization,
  createUser,
  type TestUser,
} from '../../test/factories.ts';
import { isMembershipStatement } from '../../test/membership-statement.ts';
import {
  addCustomer,
  addMembers,
  addSchedule,
  createStaffedOrganization,
  createStudio,
  type StaffedOrganization,
} from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { listSessions as listSessionRows } from './sessions.repository.ts';

type SessionItem = {
  id: string;
  scheduleId: string;
  scheduleName: string;
  establishmentName: string;
  date: string;
  startTime: string;
  startsAt: string;
  rosterCount: number;
  checkedInCount: number;
  availability: string;
  isActive: boolean;
  movedFrom: { date: string; startTime: string; endTime: string } | null;
};

let t: TestApp;
let studio: StaffedOrganization;
let owner: TestUser;
let carla: TestUser;
let bruno: TestUser;
let organizationId: string;
let establishmentA: string;
let establishmentB: string;
let classA: { id: string };
let classB: { id: string };

const BEFORE_MARCH = new Date('2027-02-15T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(BEFORE_MARCH);
  studio = await createStaffedOrganization(t, { instructor: { firstName: 'Carla', lastName: 'Mendes' } });
  ({ owner, organizationId, establishmentId: establishmentA, instructor: carla } = studio);
  // Praia has an instructor of its own: each sees only their establishment's sessions.
  establishmentB = (await createEstablishment(t, owner, organizationId, 'Praia')).id;
  bruno = await addMember(
    t,
    owner,
    organizationId,
    { establishments: [{ establishmentId: establishmentB, role: 'EST_INSTRUCTOR' }] },
    { firstName: 'Bruno', lastName: 'Alves' },
  );
  classA = await addSchedule(t, studio, { capacity: 5 });
  classB = await addSchedule(t, studio, {
    establishmentId: establishmentB,
    staffUserId: bruno.id,
    name: 'Mat',
    startTime: '18:00',
    endTime: '19:00',
    daysOfWeek: [2],
  });
});
beforeEach(() => t.setNow(BEFORE_MARCH));
afterAll(() => t.close());

const orgPath = (suffix: string) => `/organizations/${organizationId}${suffix}`;
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

async function listSessions(query: string, user: TestUser = owner): Promise<SessionItem[]> {
  const response = await t.request('GET', orgPath(`/sessions?${query}`), { token: user.token });
  expect(response.status, response.text).toBe(200);
  return response.body.items;
}

async function sessionOn(scheduleId: string, date: string): Promise<SessionItem> {
  const [session] = (await listSessions(`from=${date}&to=${date}&scheduleId=${scheduleId}`)).filter(
    (s) => s.movedFrom === null || s.movedFrom.date === date,
  );
  if (!session) throw new Error(`no session of ${scheduleId} on ${date}`);
  return session;
}

async function newCustomers(n: number, firstName = 'Cliente') {
  const created = [];
  for (let i = 0; i < n; i += 1) created.push(await addCustomer(t, studio, { firstName }));
  return created;
}

function add(sessionId: string, customerIds: string[], extra: Record<string, unknown> = {}, user = owner) {
  return t.request('POST', orgPath(`/sessions/${sessionId}/customers`), {
    token: user.token,
    body: { customerIds, reason: 'TRIAL_CLASS', ...extra },
  });
}

async function attendanceCount(sessionId: string) {
  const [row] = await t.db
    .select({ value: count() })
    .from(sessionAttendance)
    .where(eq(sessionAttendance.sessionId, sessionId));
  return row?.value;
}

describe('the session list', () => {
  it('lists a month of every establishment by start, with local and UTC times', async () => {
    const march = await listSessions('from=2027-03-01&to=2027-03-31');
    // 10 Monday/Wednesday classes at Centro and 5 Tuesday classes at Praia.
    expect(march).toHaveLength(15);
    expect(march.map((s) => s.startsAt)).toEqual([...march.map((s) => s.startsAt)].sort());
    expect(march.slice(0, 3).map((s) => `${s.scheduleName} ${s.date} ${s.startTime}`)).toEqual([
      'Reformer Iniciante 2027-03-01 07:00',
      'Mat 2027-03-02 18:00',
      'Reformer Iniciante 2027-03-03 07:00',
    ]);
    expect(march[0]).toEqual({
      id: expect.any(String),
      scheduleId: classA.id,
      scheduleName: 'Reformer Iniciante',
      type: 'GROUP',
      establishmentId: establishmentA,
      establishmentName: 'Centro',
      staffUserId: carla.id,
      staffName: 'Carla Mendes',
      date: '2027-03-01',
      startTime: '07:00',
      endTime: '08:00',
      startsAt: '2027-03-01T10:00:00.000Z',
      endsAt: '2027-03-01T11:00:00.000Z',
      capacity: 5,
      rosterCount: 0,
      heldSeats: 0,
      checkedInCount: 0,
      availability: 'AVAILABLE',
      isActive: true,
      movedFrom: null,
    });
  });

  it('filters by establishment, schedule, instructor and availability', async () => {
    const range = 'from=2027-03-01&to=2027-03-31';
    expect((await listSessions(`${range}&establishmentId=${establishmentB}`)).map((s) => s.date)).toEqual([
      '2027-03-02',
      '2027-03-09',
      '2027-03-16',
      '2027-03-23',
      '2027-03-30',
    ]);
    expect(await listSessions(`${range}&scheduleId=${classA.id}`)).toHaveLength(10);
    expect(await listSessions(`${range}&staffUserId=${bruno.id}`)).toHaveLength(5);
    const full = await sessionOn(classB.id, '2027-03-23');
    // Mat holds 6: 5 make it almost full (≥ 80 %), 6 full.
    expect(
      (
        await add(
          full.id,
          (await newCustomers(6)).map((c) => c.id),
        )
      ).status,
    ).toBe(201);
    const almost = await sessionOn(classB.id, '2027-03-30');
    expect(
      (
        await add(
          almost.id,
          (await newCustomers(5)).map((c) => c.id),
        )
      ).status,
    ).toBe(201);
    expect((await listSessions(`${range}&availability=FULL`)).map((s) => s.id)).toEqual([full.id]);
    expect((await listSessions(`${range}&availability=ALMOST_FULL`)).map((s) => s.id)).toEqual([almost.id]);
    expect(await listSessions(`${range}&availability=AVAILABLE`)).toHaveLength(13);
  });

  it('refuses a range longer than 62 days or backwards, and bad filters', async () => {
    for (const [query, key] of [
      ['from=2027-03-01&to=2027-05-02', 'to:validation.dateRangeTooLong'],
      ['from=2027-03-10&to=2027-03-01', 'to:validation.dateRangeOrder'],
      ['from=2027-02-30&to=2027-03-01', 'from:validation.date'],
      ['to=2027-03-01', 'from:validation.required'],
    ]) {
      const response = await t.request('GET', orgPath(`/sessions?${query}`), { token: owner.token });
      expect(response.status, query).toBe(400);
      expect(
        response.body.error.details.map((d: { path: string; key: string }) => `${d.path}:${d.key}`),
      ).toEqual([key]);
    }
    for (const bad of ['availability=EMPTY', 'establishmentId=x']) {
      const query = `from=2027-03-01&to=2027-03-31&${bad}`;
      expect((await t.request('GET', orgPath(`/sessions?${query}`), { token: owner.token })).status).toBe(
        400,
      );
    }
  });

  it('plans the list once per connection and shape of filters, and the rest of the transaction per call', async () => {
    const seen = await organizationTransaction(t.database.tenantDb, organizationId, async (tx) => {
      const list = (from: string, to: string, scheduleId?: string) =>
        listSessionRows(
          tx as unknown as Database,
          organizationId,
          { from, to, establishmentIds: null, scheduleId },
          new Date(),
        );
      const sessions =
        (await list('2027-03-01', '2027-03-31')).length +
        (await list('2027-04-01', '2027-04-07')).length +
        (await list('2027-03-01', '2027-03-31', classA.id)).length;
      const plans = rowsOf<{ name: string; generic: number; custom: number }>(
        await tx.execute(sql`select name, generic_plans::int as generic, custom_plans::int as custom
          from pg_prepared_statements where name like 'sessions_list%' order by name`),
      );
      const [setting] = rowsOf<{ plan_cache_mode: string }>(await tx.execute(sql`show plan_cache_mode`));
      return { sessions, plans, after: setting?.plan_cache_mode };
    });
    expect(seen.sessions).toBeGreaterThan(0);
    // A statement per shape, only the filters given in it (the one-statement list had every filter as a
    // parameter that might be null); every call ran its shape's generic plan, none was planned for its values.
    // (The connection may have run other shapes for earlier tests.)
    const names = seen.plans.map((plan) => plan.name);
    expect(names).toEqual(expect.arrayContaining(['sessions_list_all_0', 'sessions_list_all_2']));
    expect(names).not.toContain('sessions_list');
    for (const plan of seen.plans) expect(plan, plan.name).toMatchObject({ custom: 0 });
    expect(seen.after).toBe('force_custom_plan');
  });

  it('runs the same SQL statements for a month however many sessions and rosters it holds', async () => {
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    const statementsFor = async (query: string) => {
      spy.mockClear();
      const items = await listSessions(query);
      // The membership is read or taken from the process's cache (auth/membership-cache.ts) as the other
      // test files' notifications fall: the list's own statements are what must not grow.
      const statements = spy.mock.calls.filter(([config]) => !isMembershipStatement(config)).length;
      return { statements, sessions: items.length };
    };
    try {
      const april = 'from=2027-04-01&to=2027-04-30';
      await statementsFor(april);
      const before = await statementsFor(april);
      for (let i = 0; i < 4; i += 1) {
        const schedule = await addSchedule(t, studio, {
          name: `Extra ${i}`,
          startDate: '2027-04-01',
          endDate: '2027-04-30',
          daysOfWeek: [1, 2, 3, 4, 5],
        });
        const session = await sessionOn(schedule.id, '2027-04-05');
        await add(
          session.id,
          (await newCustomers(2)).map((c) => c.id),
        );
      }
      const afterWrites = await statementsFor(april);
      const after = await statementsFor(april);
      expect(after.sessions).toBeGreaterThan(before.sessions + 80);
      // The organization's transaction (begin and naming it in one, commit) and the list itself, between
      // setting its generic plan and putting the connection's setting back.
      expect(before.statements).toBe(5);
      expect(after.statements).toBe(5);
      // The first read after the writes keeps the counts it counted anew: the kept figures' lock, a savepoint
      // (its lock timeout set and put back), the marks consumed, the counts kept — as many for 80 new sessions
      // as for one.
      expect(afterWrites.statements).toBe(12);
    } finally {
      spy.mockRestore();
    }
  });
  it('keeps no stale count of a session moved while a roster write that found it on its old date is uncommitted', async () => {
    const week = 'from=2027-06-21&to=2027-06-27';
    const schedule = await addSchedule(t, studio, {
      name: 'Moving',
      capacity: 5,
      startDate: '2027-06-21',
      endDate: '2027-06-27',
      daysOfWeek: [1],
    });
    const [session] = (await listSessions(week)).filter((s) => s.scheduleId === schedule.id);
    if (!session) throw new Error('no session to move');
    await add(session.id, [(await newCustomers(1))[0]?.id ?? '']);
    const move = async (date: string) => {
      const moved = await t.request('PUT', orgPath(`/sessions/${session.id}`), {
        token: owner.token,
        body: { date, startTime: '09:30', endTime: '10:30' },
      });
      expect(moved.status, moved.text).toBe(200);
    };
    // Already moved once: its date (the 23rd) is not its scheduled date (the 21st).
    await move('2027-06-23');
    expect((await listSessions(week)).find((s) => s.id === session.id)?.rosterCount).toBe(1);
    await t.db.transaction(async (tx) => {
      // A write that takes no schedule lock (as a customer's deletion leaving the sessions ahead): its mark names
      // the session's date as it sees it, the 23rd.
      await tx.execute(sql`delete from session_attendance where session_id = ${session.id}`);
      // Meanwhile staff move the session to the 22nd, and a read keeps its counts there, without the deletion.
      await move('2027-06-22');
      expect((await listSessions(week)).find((s) => s.id === session.id)?.rosterCount).toBe(1);
    });
    // The deletion's mark of the session's scheduled date reaches the counts kept under its new date.
    for (const read of ['first', 'second']) {
      expect((await listSessions(week)).find((s) => s.id === session.id)?.rosterCount, read).toBe(0);
    }
  });

  it('answers a week whose sessions a concurrent write is deleting, keeping the others and waiting for none', async () => {
    const week = 'from=2027-06-07&to=2027-06-13';
    const doomed = await addSchedule(t, studio, {
      name: 'Doomed',
      startDate: '2027-06-07',
      endDate: '2027-06-13',
      daysOfWeek: [1, 3],
    });
    const kept = async () =>
      rowsOf<{ session_id: string }>(
        await t.db.execute(
          sql`select session_id from session_counts where day between '2027-06-07' and '2027-06-13'`,
        ),
      ).map((row) => row.session_id);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`delete from schedule_sessions where schedule_id = ${doomed.id}`);
      // The week was never read: the read counts every session, the doomed ones too (their deletion is not
      // committed), and keeps the counts of all but those — it skips them instead of waiting for the deletion.
      const shown = await listSessions(week);
      const doomedIds = shown.filter((s) => s.scheduleId === doomed.id).map((s) => s.id);
      expect(doomedIds).toHaveLength(2);
      const keptIds = await kept();
      expect(keptIds.length).toBeGreaterThan(0);
      expect(keptIds.filter((id) => doomedIds.includes(id))).toEqual([]);
    });
    expect((await listSessions(week)).filter((s) => s.scheduleId === doomed.id)).toEqual([]);
  });

  it('gives up keeping rather than wait on a deletion that holds the kept rows, and answers', async () => {
    const week = 'from=2027-06-14&to=2027-06-20';
    const doomed = await addSchedule(t, studio, {
      name: 'Doomed later',
      startDate: '2027-06-14',
      endDate: '2027-06-20',
      daysOfWeek: [1, 3],
    });
    const sessions = (await listSessions(week)).filter((s) => s.scheduleId === doomed.id);
    const [first, second] = sessions;
    if (!first || !second) throw new Error('no sessions to delete');
    await t.db.transaction(async (tx) => {
      // The deletion holds the first session's kept row (its cascade deleted it) and has not committed; a
      // committed write's mark of that date makes the next read consume it, and the marks' trigger would
      // delete that same row: it waits a moment, gives up, and the read answers with what it counted.
      await tx.execute(sql`delete from schedule_sessions where id = ${first.id}`);
      await t.db.execute(
        sql`insert into dashboard_marks (organization_id, day) values (${organizationId}, ${first.date})`,
      );
      const shown = await listSessions(week);
      expect(shown.map((s) => s.id)).toContain(first.id);
      await tx.execute(sql`delete from schedule_sessions where id = ${second.id}`);
    });
    expect((await listSessions(week)).filter((s) => s.scheduleId === doomed.id)).toEqual([]);
  });
});

describe('a session and its roster', () => {
  it('shows the customers added to it with status, reason and notes', async () => {
    const session = await sessionOn(classA.id, '2027-03-08');
    const [zelia, abel, marta] = [
      await createCustomer(t, owner, organizationId, { firstName: 'Zélia', lastName: 'Costa' }),
      await createCustomer(t, owner, organizationId, { firstName: 'Abel', lastName: 'Nunes' }),
      await createCustomer(t, owner, organizationId, { firstName: 'Marta', lastName: 'Rocha' }),
    ];
    if (!zelia || !abel || !marta) throw new Error('customers');
    const trial = await add(session.id, [zelia.id, abel.id], { notes: 'Primeira vez' });
    expect(trial.status, trial.text).toBe(201);
    const reposition = await add(session.id, [marta.id], { reason: 'REPOSITION', status: 'CONFIRMED' });
    expect(reposition.status).toBe(201);
    expect(reposition.body).toMatchObject({ id: session.id, rosterCount: 3, checkedInCount: 0 });
    expect(reposition.body.roster).toEqual([
      {
        customerId: abel.id,
        firstName: 'Abel',
        lastName: 'Nunes',
        status: 'TRIAL',
        source: 'ADDED',
        reason: 'TRIAL_CLASS',
        notes: 'Primeira vez',
        checkedInAt: null,
        purchase: null,
      },
      {
        customerId: marta.id,
        firstName: 'Marta',
        lastName: 'Rocha',
        status: 'CONFIRMED',
        source: 'ADDED',
        reason: 'REPOSITION',
        notes: null,
        checkedInAt: null,
        purchase: null,
      },
      {
        customerId: zelia.id,
        firstName: 'Zélia',
        lastName: 'Costa',
        status: 'TRIAL',
        source: 'ADDED',
        reason: 'TRIAL_CLASS',
        notes: 'Primeira vez',
        checkedInAt: null,
        purchase: null,
      },
    ]);
    const read = await t.request('GET', orgPath(`/sessions/${session.id}`), { token: owner.token });
    const { spentCredits, spentPurchases, ...added } = reposition.body;
    expect(spentCredits).toEqual([]);
    expect(spentPurchases).toEqual([]);
    expect(read.body).toEqual(added);
    expect(
      (await t.request('GET', orgPath(`/sessions/${classA.id}`), { token: owner.token })).body.error,
    ).toEqual({
      code: 'SESSION_NOT_FOUND',
      message: "Session not found or you don't have permission to view it.",
      requestId: expect.any(String),
    });
  });

  it('changes a status; a canceled customer frees the seat and needs one to come back', async () => {
    const session = await sessionOn(classA.id, '2027-03-10');
    const customers = await newCustomers(5);
    expect(
      (
        await add(
          session.id,
          customers.map((c) => c.id),
        )
      ).status,
    ).toBe(201);
    const first = customers[0]?.id ?? '';
    const statusPath = orgPath(`/sessions/${session.id}/attendance/${first}`);
    const canceled = await t.request('PUT', statusPath, { token: owner.token, body: { status: 'CANCELED' } });
    expect(canceled.status, canceled.text).toBe(200);
    expect(canceled.body).toMatchObject({ rosterCount: 4, availability: 'ALMOST_FULL' });
    expect(canceled.body.roster.find((r: { customerId: string }) => r.customerId === first).status).toBe(
      'CANCELED',
    );
    const [newcomer] = await newCustomers(1);
    expect((await add(session.id, [newcomer?.id ?? ''])).status).toBe(201);
    const back = await t.request('PUT', statusPath, { token: owner.token, body: { status: 'CONFIRMED' } });
    expect(back.status).toBe(409);
    expect(back.body.error.code).toBe('SESSION_FULL');
    // A make-up is booked by adding the customer, which spends a credit (make-up-credits.test.ts).
    const trial = await t.request('PUT', orgPath(`/sessions/${session.id}/attendance/${customers[1]?.id}`), {
      token: owner.token,
      body: { status: 'REPOSITION' },
    });
    expect(trial.status).toBe(409);
    expect(trial.body.error.code).toBe('MAKE_UP_NOT_BOOKED');
    const confirmed = await t.request(
      'PUT',
      orgPath(`/sessions/${session.id}/attendance/${customers[1]?.id}`),
      {
        token: owner.token,
        body: { status: 'CONFIRMED' },
      },
    );
    expect(confirmed.body).toMatchObject({ rosterCount: 5, makeUpCredit: null });
    const stranger = (await newCustomers(1))[0]?.id;
    const missing = await t.request('PUT', orgPath(`/sessions/${session.id}/attendance/${stranger}`), {
      token: owner.token,
      body: { status: 'CONFIRMED' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('SESSION_CUSTOMER_NOT_FOUND');
    const bad = await t.request('PUT', statusPath, { token: owner.token, body: { status: 'PRESENT' } });
    expect(bad.status).toBe(400);
  });

  it('checks a customer in once, keeps the first time, and undoes it', async () => {
    const session = await sessionOn(classA.id, '2027-03-15');
    const [customer] = await newCustomers(1);
    const customerId = customer?.id ?? '';
    await add(session.id, [customerId]);
    t.setNow(new Date('2027-03-15T09:55:00Z'));
    const checkInPath = orgPath(`/sessions/${session.id}/check-ins`);
    const first = await t.request('POST', checkInPath, { token: owner.token, body: { customerId } });
    expect(first.status, first.text).toBe(200);
    expect(first.body.checkedInCount).toBe(1);
    expect(first.body.roster[0].checkedInAt).toBe('2027-03-15T09:55:00.000Z');
    t.setNow(new Date('2027-03-15T10:05:00Z'));
    const again = await t.request('POST', checkInPath, { token: owner.token, body: { customerId } });
    expect(again.body.roster[0].checkedInAt).toBe('2027-03-15T09:55:00.000Z');
    const undone = await t.request('DELETE', `${checkInPath}/${customerId}`, { token: owner.token });
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ checkedInCount: 0 });
    expect(undone.body.roster[0]).toMatchObject({ customerId, checkedInAt: null, status: 'TRIAL' });
    const stranger = (await newCustomers(1))[0]?.id ?? '';
    const notOnRoster = await t.request('POST', checkInPath, {
      token: owner.token,
      body: { customerId: stranger },
    });
    expect(notOnRoster.status).toBe(404);
    expect(notOnRoster.body.error.code).toBe('SESSION_CUSTOMER_NOT_FOUND');
    expect((await t.request('DELETE', `${checkInPath}/${stranger}`, { token: owner.token })).status).toBe(
      404,
    );
    expect(
      (await t.request('POST', checkInPath, { token: owner.token, body: { customerId: 'x' } })).status,
    ).toBe(400);
  });
});

describe('adding customers to a session', () => {
  it('gives the last seat to exactly one of 20 concurrent requests', async () => {
    const schedule = await addSchedule(t, studio, { name: 'Lotada', capacity: 20, recurrenceType: 'SINGLE' });
    const session = await sessionOn(schedule.id, '2027-03-01');
    expect(
      (
        await add(
          session.id,
          (await newCustomers(19)).map((c) => c.id),
        )
      ).status,
    ).toBe(201);
    const contenders = await newCustomers(20);
    const responses = await Promise.all(contenders.map((c) => add(session.id, [c.id])));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(responses.filter((r) => r.status === 409).every((r) => r.body.error.code === 'SESSION_FULL')).toBe(
      true,
    );
    expect(responses.find((r) => r.status === 409)?.body.error.message).toBe(
      'This schedule is at full capacity',
    );
    expect(await attendanceCount(session.id)).toBe(20);
  });

  it('adds all or none, and refuses the same customer twice', async () => {
    const session = await sessionOn(classA.id, '2027-03-17');
    const customers = await newCustomers(6);
    const ids = customers.map((c) => c.id);
    expect((await add(session.id, ids.slice(0, 3))).status).toBe(201);
    const tooMany = await add(session.id, ids.slice(3, 6));
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error.code).toBe('SESSION_FULL');
    expect(await attendanceCount(session.id)).toBe(3);
    const duplicate = await add(session.id, [ids[3] ?? '', ids[0] ?? '']);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe('SESSION_CUSTOMER_DUPLICATE');
    expect(await attendanceCount(session.id)).toBe(3);
  });

  it.each<[string, Record<string, unknown> | 'twice', string]>([
    ['no customer', { customerIds: [] }, 'customerIds:validation.customersRequired'],
    ['the same customer twice', 'twice', 'customerIds:validation.duplicateCustomer'],
    ['no reason', { reason: undefined }, 'reason:validation.reasonRequired'],
    ['a canceled status', { status: 'CANCELED' }, 'status:validation.required'],
  ])('refuses %s with a field error and writes nothing', async (_, change, issue) => {
    const session = await sessionOn(classA.id, '2027-03-22');
    const [customer] = await newCustomers(1);
    const id = customer?.id ?? '';
    const body = change === 'twice' ? { customerIds: [id, id.toUpperCase()] } : change;
    const response = await add(session.id, [id], body);
    expect(response.status, response.text).toBe(400);
    expect(
      response.body.error.details.map((d: { path: string; key: string }) => `${d.path}:${d.key}`),
    ).toEqual([issue]);
    expect(await attendanceCount(session.id)).toBe(0);
  });

  it('refuses customers that are unknown, deleted or of another organization, and inactive sessions', async () => {
    const session = await sessionOn(classA.id, '2027-03-24');
    const [kept, deleted] = await newCustomers(2);
    await t.request('DELETE', orgPath(`/customers/${deleted?.id}`), { token: owner.token });
    const other = await createOrganization(t, owner);
    const foreign = await createCustomer(t, owner, other.id, { firstName: 'Outra', lastName: 'Casa' });
    for (const stranger of [deleted?.id, foreign.id, '0192f0c1-7a4e-7c3b-9b1e-1f2a3b4c5d6e']) {
      const response = await add(session.id, [kept?.id ?? '', stranger ?? '']);
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('CUSTOMER_NOT_FOUND');
    }
    expect(await attendanceCount(session.id)).toBe(0);
    const single = await addSchedule(t, studio, { name: 'Desativada', recurrenceType: 'SINGLE' });
    await t.request('PUT', orgPath(`/schedules/${single.id}/active`), {
      token: owner.token,
      body: { isActive: false },
    });
    const inactive = await sessionOn(single.id, '2027-03-01');
    expect(inactive).toMatchObject({ isActive: false, availability: 'INACTIVE' });
    const refused = await add(inactive.id, [kept?.id ?? '']);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('SESSION_INACTIVE');
  });
});

describe('moving a session', () => {
  it('moves only that session; the schedule and its other sessions stay', async () => {
    const schedule = await addSchedule(t, studio, { name: 'Móvel' });
    const scheduleBefore = (
      await t.request('GET', orgPath(`/schedules/${schedule.id}`), { token: owner.token })
    ).body;
    const target = await sessionOn(schedule.id, '2027-03-08');
    const moved = await t.request('PUT', orgPath(`/sessions/${target.id}`), {
      token: owner.token,
      body: { date: '2027-03-09', startTime: '09:30', endTime: '10:30' },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({
      id: target.id,
      date: '2027-03-09',
      startTime: '09:30',
      endTime: '10:30',
      startsAt: '2027-03-09T12:30:00.000Z',
      endsAt: '2027-03-09T13:30:00.000Z',
      movedFrom: { date: '2027-03-08', startTime: '07:00', endTime: '08:00' },
    });
    expect(
      (await t.request('GET', orgPath(`/schedules/${schedule.id}`), { token: owner.token })).body,
    ).toEqual(scheduleBefore);
    const march = await listSessions(`from=2027-03-01&to=2027-03-31&scheduleId=${schedule.id}`);
    expect(march.map((s) => `${s.date} ${s.startTime}`)).toEqual([
      '2027-03-01 07:00',
      '2027-03-03 07:00',
      '2027-03-09 09:30',
      '2027-03-10 07:00',
      '2027-03-15 07:00',
      '2027-03-17 07:00',
      '2027-03-22 07:00',
      '2027-03-24 07:00',
      '2027-03-29 07:00',
      '2027-03-31 07:00',
    ]);
  });

  it('refuses with the reason: started, target in the past, check-ins, inactive; bad times are a 400', async () => {
    const schedule = await addSchedule(t, studio, { name: 'Regras' });
    const move = (sessionId: string, body: Record<string, unknown>) =>
      t.request('PUT', orgPath(`/sessions/${sessionId}`), { token: owner.token, body });
    const reasonOf = async (sessionId: string, body: Record<string, unknown>) => {
      const response = await move(sessionId, body);
      expect(response.status, response.text).toBe(409);
      expect(response.body.error.code).toBe('SESSION_NOT_MOVABLE');
      return response.body.error.details.reason;
    };
    const laterSlot = { date: '2027-03-30', startTime: '07:00', endTime: '08:00' };
    t.setNow(new Date('2027-03-03T12:00:00Z'));
    expect(await reasonOf((await sessionOn(schedule.id, '2027-03-01')).id, laterSlot)).toBe('STARTED');
    const ahead = await sessionOn(schedule.id, '2027-03-08');
    expect(await reasonOf(ahead.id, { ...laterSlot, date: '2027-03-02' })).toBe('TARGET_IN_PAST');
    const [customer] = await newCustomers(1);
    await add(ahead.id, [customer?.id ?? '']);
    await t.request('POST', orgPath(`/sessions/${ahead.id}/check-ins`), {
      token: owner.token,
      body: { customerId: customer?.id },
    });
    expect(await reasonOf(ahead.id, laterSlot)).toBe('HAS_CHECK_INS');
    await t.request('PUT', orgPath(`/schedules/${schedule.id}/active`), {
      token: owner.token,
      body: { isActive: false },
    });
    expect(await reasonOf((await sessionOn(schedule.id, '2027-03-10')).id, laterSlot)).toBe('INACTIVE');
    const badTimes = await move(ahead.id, { ...laterSlot, endTime: '06:00' });
    expect(badTimes.status).toBe(400);
    expect(badTimes.body.error.details[0].key).toBe('validation.endTimeAfterStart');
    expect((await sessionOn(schedule.id, '2027-03-08')).movedFrom).toBeNull();
  });
});

describe('session permissions', () => {
  it('scopes each role to its establishment and its actions', async () => {
    const { receptionist, assistant, medical, accountant } = await addMembers(t, studio, {
      receptionist: 'EST_RECEPTIONIST',
      assistant: 'EST_ASSISTANT',
      medical: 'EST_MEDICAL_STAFF',
      accountant: 'ORG_ACCOUNTANT',
    });
    const atA = await sessionOn(classA.id, '2027-03-29');
    const atB = await sessionOn(classB.id, '2027-03-16');
    const [first, second, third] = await newCustomers(3);
    const customerIds = [first?.id ?? '', second?.id ?? '', third?.id ?? ''];
    const slot = { date: '2027-03-29', startTime: '08:00', endTime: '09:00' };
    // One after the other: a check-in racing the move would make it a HAS_CHECK_INS refusal.
    const statuses = async (user: TestUser, sessionId: string, customerId: string) => {
      const as = { token: user.token };
      const calls = {
        details: () => t.request('GET', orgPath(`/sessions/${sessionId}`), as),
        status: () =>
          t.request('PUT', orgPath(`/sessions/${sessionId}/attendance/${customerId}`), {
            ...as,
            body: { status: 'CONFIRMED' },
          }),
        checkIn: () =>
          t.request('POST', orgPath(`/sessions/${sessionId}/check-ins`), { ...as, body: { customerId } }),
        undo: () => t.request('DELETE', orgPath(`/sessions/${sessionId}/check-ins/${customerId}`), as),
        move: () => t.request('PUT', orgPath(`/sessions/${sessionId}`), { ...as, body: slot }),
      };
      const result: Record<string, number> = {};
      for (const [name, call] of Object.entries(calls)) result[name] = (await call()).status;
      return result;
    };
    const march = 'from=2027-03-01&to=2027-03-31';
    const establishmentsSeenBy = async (user: TestUser) =>
      new Set((await listSessions(march, user)).map((s) => s.establishmentName));

    // The instructor of A manages attendance there; adding works, then every other call.
    expect((await add(atA.id, customerIds, {}, carla)).status).toBe(201);
    expect(await statuses(carla, atA.id, customerIds[0] ?? '')).toEqual({
      details: 200,
      status: 200,
      checkIn: 200,
      undo: 200,
      move: 200,
    });
    // ...and cannot tell that B's session exists.
    expect((await add(atB.id, customerIds, {}, carla)).status).toBe(404);
    expect(await statuses(carla, atB.id, customerIds[0] ?? '')).toEqual({
      details: 404,
      status: 404,
      checkIn: 404,
      undo: 404,
      move: 404,
    });
    expect(await establishmentsSeenBy(carla)).toEqual(new Set(['Centro']));
    expect(await establishmentsSeenBy(bruno)).toEqual(new Set(['Praia']));
    expect(await establishmentsSeenBy(owner)).toEqual(new Set(['Centro', 'Praia']));

    // The receptionist views and checks in, nothing more.
    expect(await statuses(receptionist, atA.id, customerIds[1] ?? '')).toEqual({
      details: 200,
      status: 403,
      checkIn: 200,
      undo: 200,
      move: 403,
    });
    expect((await add(atA.id, customerIds, {}, receptionist)).status).toBe(403);
    // The assistant only views.
    expect(await statuses(assistant, atA.id, customerIds[2] ?? '')).toEqual({
      details: 200,
      status: 403,
      checkIn: 403,
      undo: 403,
      move: 403,
    });
    expect((await add(atA.id, customerIds, {}, assistant)).status).toBe(403);
    expect(await establishmentsSeenBy(assistant)).toEqual(new Set(['Centro']));
    // Medical staff see the calendar of A but not a session's roster.
    expect(await establishmentsSeenBy(medical)).toEqual(new Set(['Centro']));
    expect((await t.request('GET', orgPath(`/sessions/${atA.id}`), { token: medical.token })).status).toBe(
      404,
    );
    // An accountant has no schedule access anywhere.
    const accountantList = await t.request('GET', orgPath('/sessions?from=2027-03-01&to=2027-03-31'), {
      token: accountant.token,
    });
    expect(accountantList.status).toBe(403);
    expect((await t.request('GET', orgPath(`/sessions/${atA.id}`), { token: accountant.token })).status).toBe(
      404,
    );
    expect((await add(atA.id, customerIds, {}, accountant)).status).toBe(403);

    const roster = (await t.request('GET', orgPath(`/sessions/${atA.id}`), { token: owner.token })).body
      .roster;
    expect(roster.map((r: { checkedInAt: string | null }) => r.checkedInAt)).toEqual([null, null, null]);
  });

  it('answers 404 to an outsider on every session route, for real ids, and changes nothing', async () => {
    const outsider = await createUser(t);
    const session = await sessionOn(classA.id, '2027-03-31');
    const [customer] = await newCustomers(1);
    const customerId = customer?.id ?? '';
    await add(session.id, [customerId]);
    const as = { token: outsider.token };
    const responses = await Promise.all([
      t.request('GET', orgPath('/sessions?from=2027-03-01&to=2027-03-31'), as),
      t.request('GET', orgPath('/sessions?from=bad'), as),
      t.request('GET', orgPath(`/sessions/${session.id}`), as),
      t.request('PUT', orgPath(`/sessions/${session.id}`), {
        ...as,
        body: { date: '2027-04-01', startTime: '07:00', endTime: '08:00' },
      }),
      t.request('PUT', orgPath(`/sessions/${session.id}/attendance/${customerId}`), {
        ...as,
        body: { status: 'CANCELED' },
      }),
      t.request('POST', orgPath(`/sessions/${session.id}/customers`), {
        ...as,
        body: { customerIds: [customerId], reason: 'OTHER' },
      }),
      t.request('POST', orgPath(`/sessions/${session.id}/check-ins`), { ...as, body: { customerId } }),
      t.request('DELETE', orgPath(`/sessions/${session.id}/check-ins/${customerId}`), as),
    ]);
    expect(responses.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    const after = (await t.request('GET', orgPath(`/sessions/${session.id}`), { token: owner.token })).body;
    expect(after).toMatchObject({ date: '2027-03-31', movedFrom: null, checkedInCount: 0 });
    expect(after.roster).toEqual([
      expect.objectContaining({ customerId, status: 'TRIAL', checkedInAt: null }),
    ]);
  });
});

describe('sessions of another organization', () => {
  it("are 404 under one's own organization, and documented in the OpenAPI document", async () => {
    const other = await createStudio(t, { owner });
    const list = await t.request(
      'GET',
      `/organizations/${other.organizationId}/sessions?from=2027-03-01&to=2027-03-01`,
      {
        token: owner.token,
      },
    );
    const foreignSession = list.body.items[0];
    expect(foreignSession.scheduleId).toBe(other.scheduleId);
    const [customer] = await newCustomers(1);
    for (const response of [
      await t.request('GET', orgPath(`/sessions/${foreignSession.id}`), { token: owner.token }),
      await add(foreignSession.id, [customer?.id ?? '']),
      await t.request('PUT', orgPath(`/sessions/${foreignSession.id}`), {
        token: owner.token,
        body: { date: '2027-03-02', startTime: '07:00', endTime: '08:00' },
      }),
      await t.request('GET', orgPath('/sessions/not-a-uuid'), { token: owner.token }),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('SESSION_NOT_FOUND');
    }
    expect(await listSessions(`from=2027-03-01&to=2027-03-01&scheduleId=${other.scheduleId}`)).toEqual([]);
    const document = (await t.request('GET', '/openapi.json')).body;
    const operations = Object.entries(document.paths)
      // A session's waitlist is the waitlist module's (decision 024).
      .filter(([key]) => key.startsWith('/organizations/{orgId}/sessions') && !key.includes('/waitlist'))
      .flatMap(([key, methods]) => Object.keys(methods as object).map((method) => `${method} ${key}`))
      .sort();
    expect(operations).toEqual([
      'delete /organizations/{orgId}/sessions/{sessionId}/check-ins/{customerId}',
      'get /organizations/{orgId}/sessions',
      'get /organizations/{orgId}/sessions/{sessionId}',
      'post /organizations/{orgId}/sessions/{sessionId}/check-ins',
      'post /organizations/{orgId}/sessions/{sessionId}/customers',
      'put /organizations/{orgId}/sessions/{sessionId}',
      'put /organizations/{orgId}/sessions/{sessionId}/attendance/{customerId}',
    ]);
  });
});

describe('customers leaving', () => {
  it.each(['delete', 'purge'])(
    'on %s, leave the sessions ahead they were added to and keep the past',
    async (how) => {
      const past = await sessionOn(classA.id, '2027-03-01');
      const ahead = await sessionOn(classA.id, '2027-04-05');
      const [customer] = await newCustomers(1);
      const customerId = customer?.id ?? '';
      await add(past.id, [customerId]);
      await add(ahead.id, [customerId]);
      t.setNow(new Date('2027-03-20T12:00:00Z'));
      const request =
        how === 'delete'
          ? t.request('DELETE', orgPath(`/customers/${customerId}`), { token: owner.token })
          : t.request('POST', orgPath(`/customers/${customerId}/purge`), { token: owner.token });
      expect((await request).status).toBe(204);
      const rows = await t.db
        .select({ sessionId: sessionAttendance.sessionId })
        .from(sessionAttendance)
        .where(
          and(
            eq(sessionAttendance.organizationId, organizationId),
            eq(sessionAttendance.customerId, customerId),
          ),
        );
      expect(rows).toEqual([{ sessionId: past.id }]);
    },
  );
});
