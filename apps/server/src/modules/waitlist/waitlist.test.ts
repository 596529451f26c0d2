import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import {
  eventMessages,
  scheduleSessions,
  schedules,
  sessionAttendance,
  waitlistEntries,
} from '../../db/schema/index.ts';
import {
  createCustomer,
  createEnrollment,
  createOrganization,
  createPlan,
  createUser,
  type TestUser,
} from '../../test/factories.ts';
import { recordingMailer } from '../../test/recording-mailer.ts';
import { addSchedule, createStaffedOrganization, type StaffedOrganization } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { listSessionsToSettle } from './waitlist.repository.ts';
import { settleWaitlists } from './waitlist-job.ts';
import { offerFreedSeats } from './waitlist-seats.ts';

/**
 * The waitlist of a full session (decision 024), through the real routes on a real database. Each test has
 * its own single session at Centro, in March 2027, São Paulo (UTC−3); the clock stands in February.
 */

let t: TestApp;
let studio: StaffedOrganization;
let owner: TestUser;
let instructor: TestUser;
let receptionist: TestUser;
let organizationId: string;
let planId: string;

const FEBRUARY = new Date('2027-02-15T12:00:00Z');
const MINUTE = 60_000;
const PUBLIC_URL = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(FEBRUARY);
  const created = await createStaffedOrganization(t, { members: { receptionist: 'EST_RECEPTIONIST' } });
  studio = created;
  ({ owner, organizationId, instructor } = created);
  ({ receptionist } = created.members);
  planId = (await createPlan(t, owner, organizationId, { weeklySessionsLimit: 7 })).id;
});
beforeEach(() => t.setNow(FEBRUARY));
afterAll(() => t.close());

const orgPath = (suffix: string) => `/organizations/${organizationId}${suffix}`;
const waitlistPath = (sessionId: string, suffix = '') => orgPath(`/sessions/${sessionId}/waitlist${suffix}`);

let sessionNumber = 0;
/** A single session of `capacity` seats on its own day (one schedule each, so tests never share seats). */
async function newSession(capacity: number) {
  sessionNumber += 1;
  const date = `2027-03-${String(sessionNumber).padStart(2, '0')}`;
  const schedule = await addSchedule(t, studio, {
    name: `Aula ${sessionNumber}`,
    capacity,
    recurrenceType: 'SINGLE',
    startDate: date,
    endDate: date,
  });
  const list = await t.request(
    'GET',
    orgPath(`/sessions?from=${date}&to=${date}&scheduleId=${schedule.id}`),
    {
      token: owner.token,
    },
  );
  const id = list.body.items[0]?.id as string;
  const startsAt = new Date(list.body.items[0]?.startsAt as string);
  return { id, scheduleId: schedule.id, date, startsAt };
}

let customerNumber = 0;
async function customer(fields: Record<string, unknown> = {}) {
  customerNumber += 1;
  const created = await createCustomer(t, owner, organizationId, {
    firstName: 'Cliente',
    lastName: `Número ${customerNumber}`,
    email: `espera${customerNumber}@example.com`,
    phone: '+5511987654321',
    ...fields,
  });
  return created.id;
}

function addToRoster(sessionId: string, customerIds: string[], user = instructor) {
  return t.request('POST', orgPath(`/sessions/${sessionId}/customers`), {
    token: user.token,
    body: { customerIds, reason: 'OTHER' },
  });
}

/** A session of `capacity` with its roster full of new customers. */
async function fullSession(capacity: number) {
  const session = await newSession(capacity);
  const roster = await Promise.all(Array.from({ length: capacity }, () => customer()));
  const added = await addToRoster(session.id, roster);
  expect(added.status, added.text).toBe(201);
  return { ...session, roster };
}

function join(sessionId: string, customerIds: string[], user = instructor, headers?: Record<string, string>) {
  return t.request('POST', waitlistPath(sessionId), { token: user.token, body: { customerIds }, headers });
}

function cancel(sessionId: string, customerId: string, user = instructor) {
  return t.request('PUT', orgPath(`/sessions/${sessionId}/attendance/${customerId}`), {
    token: user.token,
    body: { status: 'CANCELED' },
  });
}

async function waitlistOf(sessionId: string, user = instructor) {
  const response = await t.request('GET', waitlistPath(sessionId), { token: user.token });
  expect(response.status, response.text).toBe(200);
  return response.body as {
    freeSeats: number;
    heldSeats: number;
    isOpen: boolean;
    items: {
      id: string;
      customerId: string;
      state: string;
      position: number | null;
      offerExpiresAt: string | null;
      whatsApp: { link: string; messageId: string } | null;
    }[];
  };
}

const stateOf = async (sessionId: string) =>
  (await waitlistOf(sessionId)).items.map((item) => [item.customerId, item.state, item.position]);

/** The token of the customer's latest offer, read from its WhatsApp message as the member would send it. */
async function offerToken(customerId: string): Promise<string> {
  const [message] = await t.db
    .select({ body: eventMessages.body })
    .from(eventMessages)
    .where(
      and(
        eq(eventMessages.customerId, customerId),
        eq(eventMessages.kind, 'WAITLIST_OFFER'),
        eq(eventMessages.channel, 'WHATSAPP'),
      ),
    )
    .orderBy(sql`${eventMessages.createdAt} desc`, sql`${eventMessages.id} desc`)
    .limit(1);
  const token = message?.body?.match(/\/waitlist-offers\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no offer message for ${customerId}`);
  return token;
}

const publicCall = (method: string, token: string, action = '') =>
  t.request(method, `/waitlist-offers/${token}${action}`);

async function rosterRows(sessionId: string, customerId: string) {
  const [row] = await t.db
    .select({ value: count() })
    .from(sessionAttendance)
    .where(and(eq(sessionAttendance.sessionId, sessionId), eq(sessionAttendance.customerId, customerId)));
  return row?.value ?? 0;
}

async function offeredCount(sessionId: string) {
  const [row] = await t.db
    .select({ value: count() })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.sessionId, sessionId), eq(waitlistEntries.state, 'OFFERED')));
  return row?.value ?? 0;
}

describe('joining the line', () => {
  it('is refused while a seat is free, then takes customers in order, once each', async () => {
    const session = await newSession(1);
    const [ana, bia, caio] = [await customer(), await customer(), await customer()];
    const early = await join(session.id, [ana]);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('SESSION_HAS_FREE_SEAT');
    expect((await addToRoster(session.id, [ana])).status).toBe(201);

    const joined = await join(session.id, [bia, caio], instructor, { 'Idempotency-Key': 'waitlist-join-1' });
    expect(joined.status, joined.text).toBe(201);
    expect(joined.body.items.map((item: { customerId: string }) => item.customerId)).toEqual([bia, caio]);
    const replay = await join(session.id, [bia, caio], instructor, { 'Idempotency-Key': 'waitlist-join-1' });
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(joined.body);
    expect(await stateOf(session.id)).toEqual([
      [bia, 'WAITING', 1],
      [caio, 'WAITING', 2],
    ]);

    for (const [who, code] of [
      [bia, 'WAITLIST_CUSTOMER_DUPLICATE'],
      [ana, 'WAITLIST_CUSTOMER_DUPLICATE'],
      [crypto.randomUUID(), 'CUSTOMER_NOT_FOUND'],
    ] as const) {
      const refused = await join(session.id, [who]);
      expect(refused.body.error.code, who).toBe(code);
    }
  });

  it('is refused for a session that started or is inactive, and on bad input', async () => {
    const session = await fullSession(1);
    const dana = await customer();
    t.setNow(new Date(session.startsAt.getTime()));
    expect((await join(session.id, [dana])).body.error.code).toBe('SESSION_STARTED');
    t.setNow(FEBRUARY);
    expect((await join(session.id, [])).status).toBe(400);
    expect((await join(session.id, [dana, dana])).status).toBe(400);
    expect((await join(session.id, ['not-a-uuid'])).status).toBe(400);
    const reorder = await t.request('PUT', waitlistPath(session.id, '/order'), {
      token: instructor.token,
      body: { entryIds: 'nope' },
    });
    expect(reorder.status).toBe(400);
  });
});

describe('staff reorder and remove', () => {
  it('reorders with the full list only, and a removed offer goes to the next person', async () => {
    const session = await fullSession(1);
    const [ana, bia, caio] = [await customer(), await customer(), await customer()];
    const joined = await join(session.id, [ana, bia, caio]);
    const ids = joined.body.items.map((item: { id: string }) => item.id) as string[];
    const reorder = (entryIds: string[]) =>
      t.request('PUT', waitlistPath(session.id, '/order'), { token: instructor.token, body: { entryIds } });

    const stale = await reorder([ids[1] ?? '', ids[0] ?? '']);
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('WAITLIST_ORDER_CHANGED');
    const moved = await reorder([ids[2] ?? '', ids[0] ?? '', ids[1] ?? '']);
    expect(moved.status, moved.text).toBe(200);
    expect(await stateOf(session.id)).toEqual([
      [caio, 'WAITING', 1],
      [ana, 'WAITING', 2],
      [bia, 'WAITING', 3],
    ]);

    expect((await cancel(session.id, session.roster[0] ?? '')).status).toBe(200);
    expect((await stateOf(session.id))[0]).toEqual([caio, 'OFFERED', 1]);
    const removed = await t.request('DELETE', waitlistPath(session.id, `/${ids[2]}`), {
      token: instructor.token,
    });
    expect(removed.status, removed.text).toBe(200);
    expect(await stateOf(session.id)).toEqual([
      [ana, 'OFFERED', 1],
      [bia, 'WAITING', 2],
    ]);
    const again = await t.request('DELETE', waitlistPath(session.id, `/${ids[2]}`), {
      token: instructor.token,
    });
    expect(again.body.error.code).toBe('WAITLIST_ENTRY_NOT_FOUND');
  });
});

describe('a freed seat', () => {
  it('is offered to the first in line, held from staff, and accepted from the public link once', async () => {
    const session = await fullSession(2);
    const [ana, bia] = [await customer(), await customer({ email: null })];
    await join(session.id, [ana, bia]);

    const canceled = await cancel(session.id, session.roster[0] ?? '');
    expect(canceled.status, canceled.text).toBe(200);
    const list = await waitlistOf(session.id);
    expect(list.heldSeats).toBe(1);
    expect(list.freeSeats).toBe(0);
    const [offer] = list.items;
    expect(offer?.state).toBe('OFFERED');
    expect(offer?.offerExpiresAt).toBe(new Date(FEBRUARY.getTime() + 120 * MINUTE).toISOString());
    expect(offer?.whatsApp?.link).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=.*waitlist-offers/);
    const messages = await t.db
      .select({ channel: eventMessages.channel, status: eventMessages.status, body: eventMessages.body })
      .from(eventMessages)
      .where(eq(eventMessages.customerId, ana));
    expect(messages.map((m) => `${m.channel} ${m.status}`).sort()).toEqual([
      'EMAIL OUTBOX',
      'WHATSAPP OUTBOX',
    ]);
    expect(messages[0]?.body).toContain(`${PUBLIC_URL}/waitlist-offers/`);
    const history = await t.request('GET', orgPath(`/customers/${ana}/event-messages`), {
      token: owner.token,
    });
    expect(history.body.items.map((m: { kind: string }) => m.kind)).toContain('WAITLIST_OFFER');

    // The held seat cannot be given away: neither to a new customer nor by confirming the canceled one.
    const other = await customer();
    expect((await addToRoster(session.id, [other])).body.error.code).toBe('SESSION_FULL');
    const confirm = await t.request(
      'PUT',
      orgPath(`/sessions/${session.id}/attendance/${session.roster[0]}`),
      {
        token: instructor.token,
        body: { status: 'CONFIRMED' },
      },
    );
    expect(confirm.body.error.code).toBe('SESSION_FULL');

    const token = await offerToken(ana);
    const page = await publicCall('GET', token);
    expect(page.status, page.text).toBe(200);
    expect(page.body).toMatchObject({ state: 'OFFERED', customerFirstName: 'Cliente', date: session.date });
    const accepted = await publicCall('POST', token, '/accept');
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.state).toBe('ACCEPTED');
    expect((await publicCall('POST', token, '/accept')).status).toBe(200);
    expect(await rosterRows(session.id, ana)).toBe(1);
    const details = await t.request('GET', orgPath(`/sessions/${session.id}`), { token: instructor.token });
    expect(details.body.roster.find((r: { customerId: string }) => r.customerId === ana)).toMatchObject({
      status: 'CONFIRMED',
      source: 'ADDED',
    });
    expect((await publicCall('POST', token, '/decline')).body.error.code).toBe('WAITLIST_OFFER_CLOSED');
    expect(await stateOf(session.id)).toEqual([
      [bia, 'WAITING', 1],
      [ana, 'ACCEPTED', null],
    ]);
  });

  it('goes on when declined, and an unknown token is a 404', async () => {
    const session = await fullSession(1);
    const [ana, bia] = [await customer(), await customer()];
    await join(session.id, [ana, bia]);
    await cancel(session.id, session.roster[0] ?? '');
    const declined = await publicCall('POST', await offerToken(ana), '/decline');
    expect(declined.status, declined.text).toBe(200);
    expect(declined.body.state).toBe('DECLINED');
    expect(await stateOf(session.id)).toEqual([
      [bia, 'OFFERED', 1],
      [ana, 'DECLINED', null],
    ]);
    for (const token of ['x'.repeat(43), 'short']) {
      const missing = await publicCall('GET', token);
      expect(missing.status, token).toBe(404);
      expect(missing.body.error.code).toBe('WAITLIST_OFFER_NOT_FOUND');
    }
    // The token is the key to a customer's name and session: no cache keeps an answer, no search engine
    // lists one (issue #27).
    for (const answer of [declined, await publicCall('GET', 'x'.repeat(43))]) {
      expect(answer.headers.get('cache-control'), answer.text).toBe('no-store');
      expect(answer.headers.get('x-robots-tag'), answer.text).toBe('noindex');
    }
  });

  it('counts as taken in the calendar and on the session page until the offer ends', async () => {
    const session = await fullSession(2);
    const ana = await customer();
    await join(session.id, [ana]);
    const seats = { rosterCount: 1, heldSeats: 1, availability: 'FULL' };

    const canceled = await cancel(session.id, session.roster[0] ?? '');
    expect(canceled.body).toMatchObject(seats);
    const calendar = async () => {
      const query = `from=${session.date}&to=${session.date}&scheduleId=${session.scheduleId}`;
      const response = await t.request('GET', orgPath(`/sessions?${query}`), { token: owner.token });
      return response.body.items[0];
    };
    const page = async () =>
      (await t.request('GET', orgPath(`/sessions/${session.id}`), { token: owner.token })).body;
    expect(await calendar()).toMatchObject(seats);
    expect(await page()).toMatchObject(seats);

    t.setNow(new Date(FEBRUARY.getTime() + 120 * MINUTE));
    const freed = { rosterCount: 1, heldSeats: 0, availability: 'AVAILABLE' };
    expect(await calendar()).toMatchObject(freed);
    expect(await page()).toMatchObject(freed);
  });

  it('expires at its time, through reads, accepts and the job, and goes to the next person', async () => {
    const session = await fullSession(1);
    const [ana, bia] = [await customer(), await customer()];
    await join(session.id, [ana, bia]);
    await cancel(session.id, session.roster[0] ?? '');
    const token = await offerToken(ana);
    const expiry = new Date(FEBRUARY.getTime() + 120 * MINUTE);

    t.setNow(expiry);
    expect((await publicCall('GET', token)).body.state).toBe('EXPIRED');
    expect((await waitlistOf(session.id)).items[0]?.state).toBe('EXPIRED');
    const { mailer, sent } = recordingMailer();
    const run = await settleWaitlists(t.db, { mailer, publicUrl: PUBLIC_URL }, expiry);
    expect(run.failed).toBe(0);
    expect(await stateOf(session.id)).toEqual([
      [bia, 'OFFERED', 1],
      [ana, 'EXPIRED', null],
    ]);
    // Bia's offer e-mail goes; Ana's, queued without SMTP for the offer that ended, is not sent late.
    const recipients = sent.map((mail) => mail.to);
    expect(recipients).toContain(`espera${customerNumber}@example.com`);
    expect(recipients).not.toContain(`espera${customerNumber - 1}@example.com`);
    const late = await publicCall('POST', token, '/accept');
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('WAITLIST_OFFER_EXPIRED');
    // A second run finds nothing due and sends nothing twice.
    const again = await settleWaitlists(t.db, { mailer, publicUrl: PUBLIC_URL }, expiry);
    expect(again.offered).toBe(0);
    expect(again.emailsSent).toBe(0);
  });

  it('never outlives the session start: an accept at the start is expired', async () => {
    const session = await fullSession(1);
    const ana = await customer();
    await join(session.id, [ana]);
    t.setNow(new Date(session.startsAt.getTime() - 30 * MINUTE));
    await cancel(session.id, session.roster[0] ?? '');
    expect((await waitlistOf(session.id)).items[0]?.offerExpiresAt).toBe(session.startsAt.toISOString());
    t.setNow(session.startsAt);
    expect((await publicCall('POST', await offerToken(ana), '/accept')).body.error.code).toBe(
      'WAITLIST_OFFER_EXPIRED',
    );
    expect(await rosterRows(session.id, ana)).toBe(0);
  });

  it('taken by an enrollment meanwhile: accepting answers TAKEN and the person is first in line again', async () => {
    const session = await fullSession(1);
    const [ana, bia] = [await customer(), await customer()];
    await join(session.id, [ana, bia]);
    await cancel(session.id, session.roster[0] ?? '');
    const enrolled = await customer();
    await createEnrollment(t, owner, organizationId, {
      customerId: enrolled,
      planId,
      scheduleId: session.scheduleId,
      startDate: '2027-03-01',
    });
    const taken = await publicCall('POST', await offerToken(ana), '/accept');
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('WAITLIST_OFFER_TAKEN');
    expect(await stateOf(session.id)).toEqual([
      [ana, 'WAITING', 1],
      [bia, 'WAITING', 2],
    ]);
  });
});

describe('access', () => {
  it('is read with the session page, changed with MANAGE_ATTENDANCE, and hidden from other organizations', async () => {
    const session = await fullSession(1);
    const ana = await customer();
    expect((await waitlistOf(session.id, receptionist)).items).toEqual([]);
    const refused = await join(session.id, [ana], receptionist);
    expect(refused.status).toBe(403);

    const stranger = await createUser(t);
    const strangerOrg = (await createOrganization(t, stranger)).id;
    const foreign = `/organizations/${strangerOrg}/sessions/${session.id}/waitlist`;
    expect((await t.request('GET', foreign, { token: stranger.token })).status).toBe(404);
    const foreignJoin = await t.request('POST', foreign, {
      token: stranger.token,
      body: { customerIds: [ana] },
    });
    expect(foreignJoin.status).toBe(404);
    expect((await t.request('GET', waitlistPath(session.id), { token: stranger.token })).status).toBe(404);
    const [row] = await t.db
      .select({ value: count() })
      .from(waitlistEntries)
      .where(eq(waitlistEntries.sessionId, session.id));
    expect(row?.value).toBe(0);
  });

  it('keeps the hold-time setting to MANAGE_SETTINGS, readable by every member', async () => {
    const path = orgPath('/waitlist-settings');
    expect((await t.request('GET', path, { token: receptionist.token })).body).toEqual({
      holdMinutes: 120,
      messageLanguage: 'pt_BR',
    });
    const body = { holdMinutes: 30, messageLanguage: 'en_US' };
    expect((await t.request('PUT', path, { token: instructor.token, body })).status).toBe(403);
    expect(
      (await t.request('PUT', path, { token: owner.token, body: { ...body, holdMinutes: 10 } })).status,
    ).toBe(400);
    expect((await t.request('PUT', path, { token: owner.token, body })).status).toBe(200);
    const session = await fullSession(1);
    const ana = await customer();
    await join(session.id, [ana]);
    await cancel(session.id, session.roster[0] ?? '');
    expect((await waitlistOf(session.id)).items[0]?.offerExpiresAt).toBe(
      new Date(FEBRUARY.getTime() + 30 * MINUTE).toISOString(),
    );
    const [message] = await t.db
      .select({ body: eventMessages.body })
      .from(eventMessages)
      .where(eq(eventMessages.customerId, ana));
    expect(message?.body).toMatch(/^Hi Cliente!/);
    await t.request('PUT', path, {
      token: owner.token,
      body: { holdMinutes: 120, messageLanguage: 'pt_BR' },
    });
  });
});

describe('under concurrency', () => {
  it('two cancellations at once offer two seats to two different people', async () => {
    const session = await fullSession(2);
    const waiting = [await customer(), await customer(), await customer()];
    await join(session.id, waiting);
    const answers = await Promise.all(session.roster.map((id) => cancel(session.id, id)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await stateOf(session.id)).toEqual([
      [waiting[0], 'OFFERED', 1],
      [waiting[1], 'OFFERED', 2],
      [waiting[2], 'WAITING', 3],
    ]);
  });

  it('the same offer accepted twice at once gives one roster row', async () => {
    const session = await fullSession(1);
    const ana = await customer();
    await join(session.id, [ana]);
    await cancel(session.id, session.roster[0] ?? '');
    const token = await offerToken(ana);
    const answers = await Promise.all([1, 2, 3].map(() => publicCall('POST', token, '/accept')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await rosterRows(session.id, ana)).toBe(1);
  });

  it('an accept racing staff adding to the session and an enrollment: the seat goes to exactly one', async () => {
    const session = await fullSession(1);
    const ana = await customer();
    await join(session.id, [ana]);
    await cancel(session.id, session.roster[0] ?? '');
    const [walkIn, enrolling] = [await customer(), await customer()];
    const [accept, add, enroll] = await Promise.all([
      publicCall('POST', await offerToken(ana), '/accept'),
      addToRoster(session.id, [walkIn]),
      t.request('POST', orgPath('/enrollments'), {
        token: owner.token,
        body: { customerId: enrolling, planId, scheduleId: session.scheduleId, startDate: '2027-03-01' },
      }),
    ]);
    expect(add.body.error.code).toBe('SESSION_FULL');
    const winners = [accept.status === 200, enroll.status === 201].filter(Boolean);
    expect(winners).toHaveLength(1);
    const details = await t.request('GET', orgPath(`/sessions/${session.id}`), { token: instructor.token });
    expect(details.body.rosterCount).toBe(1);
  });

  it('the expiry job racing an accept at the expiry: expired once, the next person offered once', async () => {
    const session = await fullSession(1);
    const [ana, bia] = [await customer(), await customer()];
    await join(session.id, [ana, bia]);
    await cancel(session.id, session.roster[0] ?? '');
    const expiry = new Date(FEBRUARY.getTime() + 120 * MINUTE);
    t.setNow(expiry);
    const { mailer } = recordingMailer();
    const [accept] = await Promise.all([
      publicCall('POST', await offerToken(ana), '/accept'),
      settleWaitlists(t.db, { mailer, publicUrl: PUBLIC_URL }, expiry),
      settleWaitlists(t.db, { mailer, publicUrl: PUBLIC_URL }, expiry),
    ]);
    expect(accept.body.error.code).toBe('WAITLIST_OFFER_EXPIRED');
    expect(await stateOf(session.id)).toEqual([
      [bia, 'OFFERED', 1],
      [ana, 'EXPIRED', null],
    ]);
    const [deliveries] = await t.db
      .select({ value: count() })
      .from(eventMessages)
      .where(and(eq(eventMessages.customerId, bia), eq(eventMessages.channel, 'WHATSAPP')));
    expect(deliveries?.value).toBe(1);
    expect(await rosterRows(session.id, ana)).toBe(0);
  });

  /**
   * The accept's own lock, shown without racing on timing: a writer holding the schedule lock takes the held
   * seat (as an enrollment may, decision 024); the accept started meanwhile must wait for it, then see the
   * seat gone. An accept that did not wait would count the roster before that writer commits and seat two.
   */
  it('an accept waits for the schedule lock, so a seat taken under it meanwhile is never given again', async () => {
    const session = await fullSession(1);
    const [ana, taker] = [await customer(), await customer()];
    await join(session.id, [ana]);
    await cancel(session.id, session.roster[0] ?? '');
    const token = await offerToken(ana);
    let release: () => void = () => {};
    const mayCommit = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => {};
    const hasLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const writer = t.db.transaction(async (tx) => {
      await tx.execute(
        sql`select 1 from ${schedules} where ${schedules.id} = ${session.scheduleId} for update`,
      );
      await tx.insert(sessionAttendance).values({
        organizationId,
        sessionId: session.id,
        customerId: taker,
        source: 'ADDED',
        status: 'CONFIRMED',
        reason: 'OTHER',
        notes: null,
        createdAt: FEBRUARY,
        updatedAt: FEBRUARY,
      });
      locked();
      await mayCommit;
    });
    await hasLocked;
    const accept = publicCall('POST', token, '/accept');
    try {
      await waitForBlockedQuery(t.db);
    } finally {
      release();
      await writer;
    }
    const answer = await accept;
    expect(answer.body.error?.code, answer.text).toBe('WAITLIST_OFFER_TAKEN');
    expect(await rosterRows(session.id, ana)).toBe(0);
  });

  /**
   * Why every waitlist write takes the schedule lock: two writers offering the same freed seat. The first
   * holds its transaction open; the second starts while it does. Without the lock the second reads the
   * line before the first commits and offers the seat again; with it the second waits and offers nothing.
   */
  it.each([
    { label: 'without', withLock: false, expectedOffers: 2 },
    { label: 'with', withLock: true, expectedOffers: 1 },
  ])(
    '$label the schedule lock, one freed seat is offered $expectedOffers time(s)',
    async ({ withLock, expectedOffers }) => {
      const session = await fullSession(1);
      const [ana, bia] = [await customer(), await customer()];
      await join(session.id, [ana, bia]);
      // Free the seat behind the waitlist's back, so that both writers find it free.
      await t.db
        .update(sessionAttendance)
        .set({ status: 'CANCELED' })
        .where(eq(sessionAttendance.sessionId, session.id));
      const offers = await raceTwoOffers(t.db, session.id, withLock);
      expect(offers).toBe(expectedOffers);
      expect(await offeredCount(session.id)).toBeLessThanOrEqual(1);
    },
  );
});

/** Two transactions offering the session's free seats, the second started while the first is open. */
async function raceTwoOffers(db: Database, sessionId: string, withLock: boolean): Promise<number> {
  const [row] = await db
    .select({
      capacity: schedules.capacity,
      isActive: scheduleSessions.isActive,
      startsAt: scheduleSessions.startsAt,
    })
    .from(scheduleSessions)
    .innerJoin(schedules, eq(schedules.id, scheduleSessions.scheduleId))
    .where(eq(scheduleSessions.id, sessionId));
  if (!row) throw new Error('no session');
  const at = { organizationId, sessionId, now: FEBRUARY, publicUrl: PUBLIC_URL };
  const lock = (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) =>
    withLock
      ? tx.execute(sql`select 1 from ${schedules} where ${schedules.id} =
          (select ${scheduleSessions.scheduleId} from ${scheduleSessions} where ${scheduleSessions.id} = ${sessionId})
          for update`)
      : Promise.resolve();
  let releaseFirst: () => void = () => {};
  const firstMayCommit = new Promise<void>((resolve) => {
    releaseFirst = resolve;
  });
  let firstOffered: () => void = () => {};
  const firstHasOffered = new Promise<void>((resolve) => {
    firstOffered = resolve;
  });
  const first = db.transaction(async (tx) => {
    await lock(tx);
    const made = await offerFreedSeats(tx, at, row);
    firstOffered();
    await firstMayCommit;
    return made.length;
  });
  await firstHasOffered;
  const second = db.transaction(async (tx) => {
    await lock(tx);
    return (await offerFreedSeats(tx, at, row)).length;
  });
  await waitForBlockedQuery(db);
  releaseFirst();
  const counts = await Promise.all([first, second]);
  return counts[0] + counts[1];
}

/** Waits (for a state, not a time) until a statement of this database waits on a lock. */
async function waitForBlockedQuery(db: Database) {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    const [row] = await db
      .select({ waiting: sql<number>`count(*)::int` })
      .from(sql`pg_stat_activity`)
      .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
    const waiting = row?.waiting ?? 0;
    if (waiting > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('the second transaction never waited on a lock');
}

describe('where a seat could go twice or be held for nothing', () => {
  /** Frees one roster seat behind the waitlist's back, as a path that offers nothing itself would. */
  const freeSeatQuietly = (sessionId: string, customerId: string) =>
    t.db
      .update(sessionAttendance)
      .set({ status: 'CANCELED' })
      .where(and(eq(sessionAttendance.sessionId, sessionId), eq(sessionAttendance.customerId, customerId)));

  it('a waiting customer whom staff seated meanwhile is not offered a second seat', async () => {
    const session = await fullSession(2);
    const [wanda, vera] = [await customer(), await customer()];
    await join(session.id, [wanda, vera]);
    await freeSeatQuietly(session.id, session.roster[0] ?? '');
    expect((await addToRoster(session.id, [wanda])).status).toBe(201);
    expect((await cancel(session.id, session.roster[1] ?? '')).status).toBe(200);
    const offered = (await waitlistOf(session.id)).items.filter((item) => item.state === 'OFFERED');
    expect(offered.map((item) => item.customerId)).toEqual([vera]);
  });

  it('a customer holding an offer whom staff seat themselves takes that seat and leaves the line', async () => {
    const session = await fullSession(1);
    const [wanda, vera] = [await customer(), await customer()];
    await join(session.id, [wanda, vera]);
    expect((await cancel(session.id, session.roster[0] ?? '')).status).toBe(200);
    // Wanda holds the freed seat; staff seating her at the desk must not count her offer as a second seat.
    const seated = await addToRoster(session.id, [wanda]);
    expect(seated.status, seated.text).toBe(201);
    expect(await stateOf(session.id)).toEqual([
      [vera, 'WAITING', 1],
      [wanda, 'ACCEPTED', null],
    ]);
    expect(await offeredCount(session.id)).toBe(0);
    expect((await waitlistOf(session.id)).heldSeats).toBe(0);
  });

  it('an accept by a customer whose own place was canceled meanwhile withdraws the offer, not ACCEPTED', async () => {
    const session = await fullSession(1);
    const [ana, bia] = [await customer(), await customer()];
    await join(session.id, [ana, bia]);
    await cancel(session.id, session.roster[0] ?? '');
    await t.db.insert(sessionAttendance).values({
      organizationId,
      sessionId: session.id,
      customerId: ana,
      source: 'ADDED',
      status: 'CANCELED',
      reason: 'OTHER',
      notes: null,
      createdAt: FEBRUARY,
      updatedAt: FEBRUARY,
    });
    const accepted = await publicCall('POST', await offerToken(ana), '/accept');
    expect(accepted.status, accepted.text).toBe(409);
    expect(accepted.body.error.code).toBe('WAITLIST_OFFER_CLOSED');
    expect(await stateOf(session.id)).toEqual([[bia, 'OFFERED', 1]]);
  });

  it('an accept by a customer deleted meanwhile withdraws the offer and the seat goes on', async () => {
    const session = await fullSession(1);
    const [ana, bia] = [await customer(), await customer()];
    await join(session.id, [ana, bia]);
    await cancel(session.id, session.roster[0] ?? '');
    expect((await t.request('DELETE', orgPath(`/customers/${ana}`), { token: owner.token })).status).toBe(
      204,
    );
    const accepted = await publicCall('POST', await offerToken(ana), '/accept');
    expect(accepted.body.error.code).toBe('WAITLIST_OFFER_CLOSED');
    expect(await rosterRows(session.id, ana)).toBe(0);
    expect((await stateOf(session.id))[0]).toEqual([bia, 'OFFERED', 1]);
  });

  it('a line holding a deleted customer can still be reordered, and the deleted one is not shown', async () => {
    const session = await fullSession(1);
    const [ana, bia, caio] = [await customer(), await customer(), await customer()];
    await join(session.id, [ana, bia, caio]);
    expect((await t.request('DELETE', orgPath(`/customers/${bia}`), { token: owner.token })).status).toBe(
      204,
    );
    const line = (await waitlistOf(session.id)).items;
    expect(line.map((item) => item.customerId)).toEqual([ana, caio]);
    const moved = await t.request('PUT', waitlistPath(session.id, '/order'), {
      token: instructor.token,
      body: { entryIds: line.map((item) => item.id).reverse() },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(await stateOf(session.id)).toEqual([
      [caio, 'WAITING', 1],
      [ana, 'WAITING', 2],
    ]);
  });

  it('an offer holds nothing once its session, moved earlier, has started', async () => {
    const session = await fullSession(1);
    const ana = await customer();
    await join(session.id, [ana]);
    await cancel(session.id, session.roster[0] ?? '');
    const newStart = new Date(FEBRUARY.getTime() + 30 * MINUTE);
    await t.db
      .update(scheduleSessions)
      .set({ startsAt: newStart })
      .where(eq(scheduleSessions.id, session.id));
    t.setNow(new Date(newStart.getTime() + MINUTE));
    const list = await waitlistOf(session.id);
    expect(list.heldSeats).toBe(0);
    expect(list.items[0]).toMatchObject({ state: 'EXPIRED', offerExpiresAt: newStart.toISOString() });
    const token = await offerToken(ana);
    expect((await publicCall('GET', token)).body.state).toBe('EXPIRED');
    expect((await publicCall('POST', token, '/accept')).body.error.code).toBe('WAITLIST_OFFER_EXPIRED');
    expect((await addToRoster(session.id, [await customer()])).status).toBe(201);
  });

  it('bad tokens answer 400 or 404, never 500', async () => {
    for (const token of ['x'.repeat(201), '%00', 'a%2Fb', ' '.repeat(30), 'é'.repeat(30), "'; select 1"]) {
      for (const [method, action] of [
        ['GET', ''],
        ['POST', '/accept'],
        ['POST', '/decline'],
      ] as const) {
        const answer = await publicCall(method, encodeURI(token), action);
        expect([400, 404], `${method} ${token}${action}: ${answer.text}`).toContain(answer.status);
      }
    }
  });

  it('the job takes only sessions with work: a full line is left alone, a quietly freed seat is offered', async () => {
    const session = await fullSession(1);
    const ana = await customer();
    await join(session.id, [ana]);
    const due = async () => (await listSessionsToSettle(t.db, FEBRUARY)).map((row) => row.sessionId);
    expect(await due()).not.toContain(session.id);
    await freeSeatQuietly(session.id, session.roster[0] ?? '');
    expect(await due()).toContain(session.id);
    const { mailer } = recordingMailer();
    await settleWaitlists(t.db, { mailer, publicUrl: PUBLIC_URL }, FEBRUARY);
    expect(await stateOf(session.id)).toEqual([[ana, 'OFFERED', 1]]);
    expect(await due()).not.toContain(session.id);
  });

  it('the job closes the line of a session that started, and never looks at it again', async () => {
    const session = await fullSession(1);
    const [ana, bia] = [await customer(), await customer()];
    await join(session.id, [ana, bia]);
    await cancel(session.id, session.roster[0] ?? '');
    const { mailer } = recordingMailer();
    await settleWaitlists(t.db, { mailer, publicUrl: PUBLIC_URL }, session.startsAt);
    t.setNow(session.startsAt);
    const states = new Map((await stateOf(session.id)).map(([who, state]) => [who, state]));
    expect(states).toEqual(
      new Map([
        [ana, 'EXPIRED'],
        [bia, 'EXPIRED'],
      ]),
    );
    const due = await listSessionsToSettle(t.db, session.startsAt);
    expect(due.map((row) => row.sessionId)).not.toContain(session.id);
  });
});
