import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scheduleSessions, schedules } from '../../db/schema/index.ts';
import {
  addMember,
  createCustomer,
  createEstablishment,
  createOrganization,
  createSchedule,
  createUser,
  scheduleBody,
  type TestUser,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let carla: TestUser;
let organizationId: string;
let establishmentA: string;
let establishmentB: string;

// Before every schedule of these tests: sessions are generated whole and "future" means after this.
const BEFORE_MARCH = new Date('2027-02-15T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
  establishmentA = (await createEstablishment(t, owner, organizationId, 'Centro')).id;
  establishmentB = (await createEstablishment(t, owner, organizationId, 'Praia')).id;
  carla = await addMember(
    t,
    owner,
    organizationId,
    { establishments: [{ establishmentId: establishmentA, role: 'EST_INSTRUCTOR' }] },
    { firstName: 'Carla', lastName: 'Mendes' },
  );
});
beforeEach(() => t.setNow(BEFORE_MARCH));
afterAll(() => t.close());

const path = (suffix = '') => `/organizations/${organizationId}/schedules${suffix}`;
const body = (overrides: Record<string, unknown> = {}) => scheduleBody(establishmentA, carla.id, overrides);

async function sessionsOf(scheduleId: string) {
  return t.db
    .select({
      id: scheduleSessions.id,
      date: scheduleSessions.date,
      startTime: scheduleSessions.startTime,
      startsAt: scheduleSessions.startsAt,
      isActive: scheduleSessions.isActive,
    })
    .from(scheduleSessions)
    .where(eq(scheduleSessions.scheduleId, scheduleId))
    .orderBy(asc(scheduleSessions.startsAt));
}

async function countRows() {
  const [scheduleCount] = await t.db.select({ value: count() }).from(schedules);
  const [sessionCount] = await t.db.select({ value: count() }).from(scheduleSessions);
  return { schedules: scheduleCount?.value, sessions: sessionCount?.value };
}

async function addToSession(sessionId: string, customerId: string) {
  const response = await t.request(
    'POST',
    `/organizations/${organizationId}/sessions/${sessionId}/customers`,
    {
      token: owner.token,
      body: { customerIds: [customerId], reason: 'TRIAL_CLASS' },
    },
  );
  expect(response.status, response.text).toBe(201);
}

describe('creating schedules', () => {
  it('saves a weekly class and generates its 36 sessions, Mondays and Wednesdays 1 March–30 June', async () => {
    const response = await t.request('POST', path(), {
      token: owner.token,
      body: body({ notes: 'Turma A' }),
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      name: 'Reformer Iniciante',
      description: null,
      type: 'GROUP',
      establishmentId: establishmentA,
      establishmentName: 'Centro',
      staffUserId: carla.id,
      staffName: 'Carla Mendes',
      capacity: 6,
      startTime: '07:00',
      endTime: '08:00',
      startDate: '2027-03-01',
      endDate: '2027-06-30',
      recurrenceType: 'WEEKLY',
      daysOfWeek: [1, 3],
      notes: 'Turma A',
      isActive: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const sessions = await sessionsOf(response.body.id);
    expect(sessions).toHaveLength(36);
    expect(sessions.map((s) => s.date).slice(0, 4)).toEqual([
      '2027-03-01',
      '2027-03-03',
      '2027-03-08',
      '2027-03-10',
    ]);
    expect(sessions.at(-1)?.date).toBe('2027-06-30');
    // 07:00 in São Paulo (UTC−3) is 10:00 UTC, every time: the local time is what is kept.
    expect(sessions.every((s) => s.startTime === '07:00:00')).toBe(true);
    expect(sessions[0]?.startsAt.toISOString()).toBe('2027-03-01T10:00:00.000Z');
    const read = await t.request('GET', path(`/${response.body.id}`), { token: owner.token });
    expect(read.body).toEqual(response.body);
  });

  it('generates one session for a single date and clamps a monthly class on the 31st to short months', async () => {
    const single = await createSchedule(
      t,
      owner,
      organizationId,
      body({ name: 'Avaliação', recurrenceType: 'SINGLE', startDate: '2027-03-05', endDate: null }),
    );
    expect((await sessionsOf(single.id)).map((s) => s.date)).toEqual(['2027-03-05']);
    const monthly = await createSchedule(
      t,
      owner,
      organizationId,
      body({ name: 'Workshop', recurrenceType: 'MONTHLY', startDate: '2027-03-31', endDate: '2027-07-31' }),
    );
    expect((await sessionsOf(monthly.id)).map((s) => s.date)).toEqual([
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
      '2027-07-31',
    ]);
  });

  it('gives an individual schedule a capacity of 1 whatever was sent', async () => {
    const individual = await createSchedule(
      t,
      owner,
      organizationId,
      body({ name: 'Particular', type: 'INDIVIDUAL', capacity: 5 }),
    );
    expect(individual.capacity).toBe(1);
  });

  it.each([
    ['name', { name: '  ' }, 'name:validation.scheduleNameRequired', 'Schedule name is required'],
    [
      'end time',
      { endTime: '07:00' },
      'endTime:validation.endTimeAfterStart',
      'End time must be after start time',
    ],
    ['a bad time', { startTime: '7h' }, 'startTime:validation.time', undefined],
    ['end date order', { endDate: '2027-02-01' }, 'endDate:validation.endDateAfterStart', undefined],
    ['range', { endDate: '2029-03-02' }, 'endDate:validation.recurrenceTooLong', undefined],
    ['days', { daysOfWeek: [] }, 'daysOfWeek:validation.daysOfWeekRequired', undefined],
    [
      'no occurrence',
      { endDate: '2027-03-02', daysOfWeek: [5] },
      'daysOfWeek:validation.noOccurrences',
      undefined,
    ],
    ['capacity', { capacity: null }, 'capacity:validation.capacityRequired', undefined],
    ['capacity range', { capacity: 0 }, 'capacity:validation.capacity', undefined],
    ['establishment', { establishmentId: 'x' }, 'establishmentId:validation.required', undefined],
    ['type', { type: 'CLASS' }, 'type:validation.required', undefined],
  ])('refuses a bad %s with the field error and writes nothing', async (_, overrides, issue, message) => {
    const before = await countRows();
    const response = await t.request('POST', path(), { token: owner.token, body: body(overrides) });
    expect(response.status, response.text).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
    const issues = response.body.error.details.map(
      (d: { path: string; key: string }) => `${d.path}:${d.key}`,
    );
    expect(issues).toEqual([issue]);
    if (message) expect(response.body.error.details[0].message).toBe(message);
    expect(await countRows()).toEqual(before);
  });

  it('refuses an instructor who does not work at the establishment, and an unknown establishment', async () => {
    const before = await countRows();
    const elsewhere = await t.request('POST', path(), {
      token: owner.token,
      body: scheduleBody(establishmentB, carla.id),
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error).toMatchObject({
      code: 'STAFF_NOT_IN_ESTABLISHMENT',
      details: { path: 'staffUserId' },
    });
    const unknown = await t.request('POST', path(), {
      token: owner.token,
      body: scheduleBody('0192f0c1-7a4e-7c3b-9b1e-1f2a3b4c5d6e', carla.id),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('ESTABLISHMENT_NOT_FOUND');
    expect(await countRows()).toEqual(before);
  });
});

describe('editing schedules', () => {
  it('regenerates only future sessions with no attendance that were not moved', async () => {
    const schedule = await createSchedule(t, owner, organizationId, body({ name: 'Regenerar' }));
    const generated = await sessionsOf(schedule.id);
    const customer = await createCustomer(t, owner, organizationId, { firstName: 'Rita', lastName: 'Lima' });
    // 1 April 2027 noon in São Paulo: March is past.
    t.setNow(new Date('2027-04-01T15:00:00Z'));
    const attended = generated.find((s) => s.date === '2027-04-05');
    const moved = generated.find((s) => s.date === '2027-04-07');
    const untouched = generated.find((s) => s.date === '2027-05-03');
    if (!attended || !moved || !untouched) throw new Error('missing generated sessions');
    await addToSession(attended.id, customer.id);
    const move = await t.request('PUT', `/organizations/${organizationId}/sessions/${moved.id}`, {
      token: owner.token,
      body: { date: '2027-04-08', startTime: '09:00', endTime: '10:00' },
    });
    expect(move.status, move.text).toBe(200);

    // Tuesdays and Thursdays from now on.
    const edited = await t.request('PUT', path(`/${schedule.id}`), {
      token: owner.token,
      body: body({ name: 'Regenerar', daysOfWeek: [2, 4] }),
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.daysOfWeek).toEqual([2, 4]);
    const after = await sessionsOf(schedule.id);
    const past = after.filter((s) => s.date < '2027-04-01');
    expect(past.map((s) => s.id)).toEqual(generated.filter((s) => s.date < '2027-04-01').map((s) => s.id));
    expect(after.find((s) => s.id === attended.id)?.date).toBe('2027-04-05');
    expect(after.find((s) => s.id === moved.id)?.date).toBe('2027-04-08');
    expect(after.some((s) => s.id === untouched.id)).toBe(false);
    // April–June 2027 hold 26 Tuesdays and Thursdays, all still ahead on 1 April at noon (the 1st's 07:00 passed).
    const future = after.filter((s) => s.id !== attended.id && s.id !== moved.id && s.date >= '2027-04-01');
    expect(
      future.map((s) => new Date(`${s.date}T00:00:00Z`).getUTCDay()).every((d) => d === 2 || d === 4),
    ).toBe(true);
    expect(future).toHaveLength(25);
    expect(past).toHaveLength(10);
  });

  it('keeps the ids of sessions that still occur when only the name changes', async () => {
    const schedule = await createSchedule(t, owner, organizationId, body({ name: 'Antes' }));
    const before = await sessionsOf(schedule.id);
    const renamed = await t.request('PUT', path(`/${schedule.id}`), {
      token: owner.token,
      body: body({ name: 'Depois' }),
    });
    expect(renamed.body.name).toBe('Depois');
    expect((await sessionsOf(schedule.id)).map((s) => s.id)).toEqual(before.map((s) => s.id));
  });

  it('moves future sessions to new times and leaves those already past', async () => {
    const schedule = await createSchedule(t, owner, organizationId, body({ name: 'Horário' }));
    t.setNow(new Date('2027-06-01T12:00:00Z'));
    await t.request('PUT', path(`/${schedule.id}`), {
      token: owner.token,
      body: body({ name: 'Horário', startTime: '18:30', endTime: '19:30' }),
    });
    const sessions = await sessionsOf(schedule.id);
    expect(sessions).toHaveLength(36);
    expect(new Set(sessions.filter((s) => s.date < '2027-06-01').map((s) => s.startTime))).toEqual(
      new Set(['07:00:00']),
    );
    const june = sessions.filter((s) => s.date > '2027-06-01');
    expect(new Set(june.map((s) => s.startTime))).toEqual(new Set(['18:30:00']));
    expect(june[0]?.startsAt.toISOString()).toBe('2027-06-02T21:30:00.000Z');
  });

  it('deactivates future sessions and reactivates them, leaving past ones as they were', async () => {
    const schedule = await createSchedule(t, owner, organizationId, body({ name: 'Pausa' }));
    t.setNow(new Date('2027-05-01T12:00:00Z'));
    const off = await t.request('PUT', path(`/${schedule.id}/active`), {
      token: owner.token,
      body: { isActive: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.isActive).toBe(false);
    const inactive = await sessionsOf(schedule.id);
    expect(inactive.filter((s) => s.date < '2027-05-01').every((s) => s.isActive)).toBe(true);
    expect(inactive.filter((s) => s.date >= '2027-05-01').every((s) => !s.isActive)).toBe(true);
    expect(inactive.filter((s) => !s.isActive)).toHaveLength(18);
    const on = await t.request('PUT', path(`/${schedule.id}/active`), {
      token: owner.token,
      body: { isActive: true },
    });
    expect(on.body.isActive).toBe(true);
    expect((await sessionsOf(schedule.id)).every((s) => s.isActive)).toBe(true);
  });

  it('refuses to change the establishment to one where the instructor does not work', async () => {
    const schedule = await createSchedule(t, owner, organizationId, body({ name: 'Fica' }));
    const response = await t.request('PUT', path(`/${schedule.id}`), {
      token: owner.token,
      body: scheduleBody(establishmentB, carla.id, { name: 'Mudou' }),
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('STAFF_NOT_IN_ESTABLISHMENT');
    expect((await t.request('GET', path(`/${schedule.id}`), { token: owner.token })).body.name).toBe('Fica');
  });

  it('refuses a bad edit with field errors and changes nothing', async () => {
    const schedule = await createSchedule(t, owner, organizationId, body({ name: 'Intacta' }));
    const before = await sessionsOf(schedule.id);
    const response = await t.request('PUT', path(`/${schedule.id}`), {
      token: owner.token,
      body: body({ name: '', startTime: '09:00', endTime: '08:00', daysOfWeek: [] }),
    });
    expect(response.status).toBe(400);
    const issues = response.body.error.details.map(
      (d: { path: string; key: string }) => `${d.path}:${d.key}`,
    );
    expect(issues.sort()).toEqual([
      'daysOfWeek:validation.daysOfWeekRequired',
      'endTime:validation.endTimeAfterStart',
      'name:validation.scheduleNameRequired',
    ]);
    expect((await t.request('GET', path(`/${schedule.id}`), { token: owner.token })).body).toMatchObject({
      name: 'Intacta',
      startTime: '07:00',
      daysOfWeek: [1, 3],
    });
    expect(await sessionsOf(schedule.id)).toEqual(before);
  });
});

describe('deleting schedules and establishments', () => {
  it('refuses to delete a schedule with attendance, and deletes one without along with its sessions', async () => {
    const kept = await createSchedule(t, owner, organizationId, body({ name: 'Com presença' }));
    const customer = await createCustomer(t, owner, organizationId, { firstName: 'Bia', lastName: 'Reis' });
    const [first] = await sessionsOf(kept.id);
    if (!first) throw new Error('no session');
    await addToSession(first.id, customer.id);
    const refused = await t.request('DELETE', path(`/${kept.id}`), { token: owner.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('SCHEDULE_HAS_ATTENDANCE');
    expect(await sessionsOf(kept.id)).toHaveLength(36);

    const gone = await createSchedule(t, owner, organizationId, body({ name: 'Sem presença' }));
    expect((await t.request('DELETE', path(`/${gone.id}`), { token: owner.token })).status).toBe(204);
    expect(await sessionsOf(gone.id)).toHaveLength(0);
    expect((await t.request('GET', path(`/${gone.id}`), { token: owner.token })).status).toBe(404);
  });

  it('refuses to delete an establishment that schedules use', async () => {
    const busy = await createEstablishment(t, owner, organizationId, 'Ocupado');
    const instructor = await addMember(t, owner, organizationId, {
      establishments: [{ establishmentId: busy.id, role: 'EST_INSTRUCTOR' }],
    });
    await createSchedule(t, owner, organizationId, scheduleBody(busy.id, instructor.id));
    await t.request('DELETE', `/organizations/${organizationId}/staff/${instructor.id}`, {
      token: owner.token,
    });
    const response = await t.request('DELETE', `/organizations/${organizationId}/establishments/${busy.id}`, {
      token: owner.token,
    });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({
      code: 'ESTABLISHMENT_IN_USE',
      details: { staffAssignments: 0, schedules: 1 },
    });
  });
});

describe('the schedule list', () => {
  it('pages and filters by establishment, instructor, type and status', async () => {
    const other = await createOrganization(t, owner);
    const otherEstablishment = (await createEstablishment(t, owner, other.id, 'Sede')).id;
    const paula = await addMember(
      t,
      owner,
      other.id,
      { establishments: [{ establishmentId: otherEstablishment, role: 'EST_ESTABLISHMENT_MANAGER' }] },
      { firstName: 'Paula', lastName: 'Dias' },
    );
    const otherPath = `/organizations/${other.id}/schedules`;
    const make = (name: string, overrides: Record<string, unknown> = {}) =>
      createSchedule(t, owner, other.id, scheduleBody(otherEstablishment, paula.id, { name, ...overrides }));
    await make('Alfa');
    await make('Beta', { type: 'INDIVIDUAL' });
    const gamma = await make('Gama');
    await t.request('PUT', `${otherPath}/${gamma.id}/active`, {
      token: owner.token,
      body: { isActive: false },
    });
    const names = async (query: string) => {
      const response = await t.request('GET', `${otherPath}${query}`, { token: owner.token });
      expect(response.status, response.text).toBe(200);
      return { names: response.body.items.map((s: { name: string }) => s.name), total: response.body.total };
    };
    expect(await names('')).toEqual({ names: ['Alfa', 'Beta', 'Gama'], total: 3 });
    expect(await names('?page=2&limit=2')).toEqual({ names: ['Gama'], total: 3 });
    expect(await names('?type=INDIVIDUAL')).toEqual({ names: ['Beta'], total: 1 });
    expect(await names('?status=inactive')).toEqual({ names: ['Gama'], total: 1 });
    expect(await names(`?staffUserId=${paula.id}&status=active`)).toEqual({
      names: ['Alfa', 'Beta'],
      total: 2,
    });
    expect(await names(`?establishmentId=${establishmentA}`)).toEqual({ names: [], total: 0 });
    for (const bad of ['?type=CLASS', '?status=paused', '?limit=101', '?establishmentId=x']) {
      expect((await t.request('GET', `${otherPath}${bad}`, { token: owner.token })).status, bad).toBe(400);
    }
  });
});

describe('schedule permissions', () => {
  it('scopes each role to its establishments', async () => {
    const org = await createOrganization(t, owner);
    const a = (await createEstablishment(t, owner, org.id, 'A')).id;
    const b = (await createEstablishment(t, owner, org.id, 'B')).id;
    const at = (establishmentId: string, role: string) => ({ establishments: [{ establishmentId, role }] });
    const instructorA = await addMember(t, owner, org.id, at(a, 'EST_INSTRUCTOR'));
    const instructorB = await addMember(t, owner, org.id, at(b, 'EST_INSTRUCTOR'));
    const receptionist = await addMember(t, owner, org.id, at(a, 'EST_RECEPTIONIST'));
    const assistant = await addMember(t, owner, org.id, at(a, 'EST_ASSISTANT'));
    const managerA = await addMember(t, owner, org.id, at(a, 'EST_ESTABLISHMENT_MANAGER'));
    const accountant = await addMember(t, owner, org.id, { role: 'ORG_ACCOUNTANT' });
    const administrator = await addMember(t, owner, org.id, { role: 'ORG_ADMINISTRATOR' });
    const orgPath = (suffix = '') => `/organizations/${org.id}/schedules${suffix}`;
    const atA = await createSchedule(t, owner, org.id, scheduleBody(a, instructorA.id, { name: 'Aula A' }));
    const atB = await createSchedule(
      t,
      administrator,
      org.id,
      scheduleBody(b, instructorB.id, { name: 'Aula B' }),
    );
    const listed = async (user: TestUser) =>
      (await t.request('GET', orgPath(), { token: user.token })).body.items.map(
        (s: { name: string }) => s.name,
      );

    expect(await listed(owner)).toEqual(['Aula A', 'Aula B']);
    expect(await listed(instructorA)).toEqual(['Aula A']);
    expect(await listed(instructorB)).toEqual(['Aula B']);
    for (const viewer of [receptionist, assistant]) expect(await listed(viewer)).toEqual(['Aula A']);
    expect((await t.request('GET', orgPath(`/${atB.id}`), { token: instructorA.token })).status).toBe(404);
    expect((await t.request('GET', orgPath(`/${atA.id}`), { token: assistant.token })).status).toBe(200);

    // Viewing is not managing: 403 where the schedule is visible, 404 where it is not.
    const edit = body({ name: 'Editada' });
    for (const member of [instructorA, receptionist, assistant]) {
      expect(
        (await t.request('PUT', orgPath(`/${atA.id}`), { token: member.token, body: edit })).status,
      ).toBe(403);
      expect((await t.request('DELETE', orgPath(`/${atA.id}`), { token: member.token })).status).toBe(403);
      expect((await t.request('POST', orgPath(), { token: member.token, body: edit })).status).toBe(403);
    }
    // An establishment manager manages A only.
    const atAForManager = scheduleBody(a, instructorA.id, { name: 'Pelo gerente' });
    expect((await t.request('POST', orgPath(), { token: managerA.token, body: atAForManager })).status).toBe(
      201,
    );
    const intoB = scheduleBody(b, instructorB.id, { name: 'Invasão' });
    expect((await t.request('POST', orgPath(), { token: managerA.token, body: intoB })).status).toBe(403);
    expect(
      (await t.request('PUT', orgPath(`/${atB.id}`), { token: managerA.token, body: intoB })).status,
    ).toBe(404);
    const moveToB = scheduleBody(b, instructorB.id, { name: 'Para B' });
    expect(
      (await t.request('PUT', orgPath(`/${atA.id}`), { token: managerA.token, body: moveToB })).status,
    ).toBe(403);
    // An accountant has no schedule access anywhere.
    expect((await t.request('GET', orgPath(), { token: accountant.token })).status).toBe(403);
    expect((await t.request('GET', orgPath(`/${atA.id}`), { token: accountant.token })).status).toBe(403);
  });

  it('answers 404 to an outsider on every schedule route, for real ids', async () => {
    const outsider = await createUser(t);
    const schedule = await createSchedule(t, owner, organizationId, body({ name: 'Privada' }));
    const calls = [
      t.request('GET', path(), { token: outsider.token }),
      t.request('GET', path('?type=CLASS'), { token: outsider.token }),
      t.request('POST', path(), { token: outsider.token, body: body() }),
      t.request('GET', path(`/${schedule.id}`), { token: outsider.token }),
      t.request('PUT', path(`/${schedule.id}`), { token: outsider.token, body: body() }),
      t.request('PUT', path(`/${schedule.id}/active`), { token: outsider.token, body: { isActive: false } }),
      t.request('DELETE', path(`/${schedule.id}`), { token: outsider.token }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(404);
      expect(response.text).not.toContain('Privada');
    }
    const [row] = await t.db
      .select({ isActive: schedules.isActive, name: schedules.name })
      .from(schedules)
      .where(and(eq(schedules.organizationId, organizationId), eq(schedules.id, schedule.id)));
    expect(row).toEqual({ isActive: true, name: 'Privada' });
  });

  it("answers 404 for another organization's schedule or establishment used under one's own organization", async () => {
    const other = await createOrganization(t, owner);
    const otherEstablishment = (await createEstablishment(t, owner, other.id, 'Alheio')).id;
    const otherInstructor = await addMember(t, owner, other.id, {
      establishments: [{ establishmentId: otherEstablishment, role: 'EST_INSTRUCTOR' }],
    });
    const foreign = await createSchedule(
      t,
      owner,
      other.id,
      scheduleBody(otherEstablishment, otherInstructor.id),
    );
    for (const response of [
      await t.request('GET', path(`/${foreign.id}`), { token: owner.token }),
      await t.request('PUT', path(`/${foreign.id}`), { token: owner.token, body: body() }),
      await t.request('PUT', path(`/${foreign.id}/active`), {
        token: owner.token,
        body: { isActive: false },
      }),
      await t.request('DELETE', path(`/${foreign.id}`), { token: owner.token }),
      await t.request('GET', path('/not-a-uuid'), { token: owner.token }),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('SCHEDULE_NOT_FOUND');
    }
    const intoForeign = await t.request('POST', path(), {
      token: owner.token,
      body: scheduleBody(otherEstablishment, otherInstructor.id),
    });
    expect(intoForeign.status).toBe(404);
    expect(intoForeign.body.error.code).toBe('ESTABLISHMENT_NOT_FOUND');
    const read = await t.request('GET', `/organizations/${other.id}/schedules/${foreign.id}`, {
      token: owner.token,
    });
    expect(read.body).toMatchObject({ isActive: true, name: 'Reformer Iniciante' });
  });

  it('is documented in the OpenAPI document', async () => {
    const document = (await t.request('GET', '/openapi.json')).body;
    expect(Object.keys(document.paths['/organizations/{orgId}/schedules'])).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/organizations/{orgId}/schedules/{scheduleId}']).sort()).toEqual([
      'delete',
      'get',
      'put',
    ]);
    expect(Object.keys(document.paths['/organizations/{orgId}/schedules/{scheduleId}/active'])).toEqual([
      'put',
    ]);
  });
});

describe('the organization time zone', () => {
  it('keeps sessions at their local time when the zone changes, and leaves started ones alone', async () => {
    const org = await createOrganization(t, owner);
    const establishment = (await createEstablishment(t, owner, org.id, 'Zona')).id;
    const instructor = await addMember(t, owner, org.id, {
      establishments: [{ establishmentId: establishment, role: 'EST_INSTRUCTOR' }],
    });
    const schedule = await createSchedule(t, owner, org.id, scheduleBody(establishment, instructor.id));
    t.setNow(new Date('2027-03-05T12:00:00Z'));
    const changed = await t.request('PUT', `/organizations/${org.id}`, {
      token: owner.token,
      body: { name: 'Zona', description: '', timeZone: 'America/New_York' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.timeZone).toBe('America/New_York');
    const sessions = await sessionsOf(schedule.id);
    const at = (date: string) => sessions.find((s) => s.date === date)?.startsAt.toISOString();
    // Started before the change: still 07:00 São Paulo.
    expect(at('2027-03-03')).toBe('2027-03-03T10:00:00.000Z');
    // 07:00 New York: UTC−5 until 14 March 2027, UTC−4 after.
    expect(at('2027-03-08')).toBe('2027-03-08T12:00:00.000Z');
    expect(at('2027-03-15')).toBe('2027-03-15T11:00:00.000Z');
    expect(sessions.every((s) => s.startTime === '07:00:00')).toBe(true);

    const unchanged = await t.request('PUT', `/organizations/${org.id}`, {
      token: owner.token,
      body: { name: 'Zona renomeada' },
    });
    expect(unchanged.body.timeZone).toBe('America/New_York');
    const invalid = await t.request('PUT', `/organizations/${org.id}`, {
      token: owner.token,
      body: { name: 'Zona', timeZone: '-03:00' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.details[0]).toMatchObject({ path: 'timeZone', key: 'validation.timeZone' });
  });

  it('creates an organization in the zone it names', async () => {
    const created = await t.request('POST', '/organizations', {
      token: owner.token,
      body: { name: 'Lisboa', timeZone: 'Europe/Lisbon' },
    });
    expect(created.status).toBe(201);
    expect(created.body.timeZone).toBe('Europe/Lisbon');
  });
});
