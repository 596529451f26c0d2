import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeUpCredits, portalIdempotencyKeys, sessionAttendance } from '../../db/schema/index.ts';
import { createCustomer, type TestUser } from '../../test/factories.ts';
import { addSchedule, createStudio, enrollCustomer, type Studio } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type PortalClient, portalClient, tokenOf } from './portal-client.ts';

/**
 * The customer portal (decision 039) on a real database: the exchange and its session, expiry, revoking,
 * signing out, the rate limits, the headers, the wall between customers and between staff and customers,
 * and booking a make-up under the schedule lock. The regular class meets Mondays and Wednesdays 07:00 at
 * Centro, São Paulo (10:00Z), from 1 March 2027; the clock stands on Monday 1 March at 12:00Z.
 */

let t: TestApp;
let owner: TestUser;
let instructor: TestUser;
let organizationId: string;
let studio: Studio;
let other: Awaited<ReturnType<typeof createStudio>>;

const NOW = new Date('2027-03-01T12:00:00Z');
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  t.setNow(NOW);
  studio = await createStudio(t, { organizationName: 'Studio Sol', schedule: { capacity: 100 } });
  ({ owner, organizationId, instructor } = studio);
  other = await createStudio(t, { organizationName: 'Studio Lua' });
}, 120_000);
beforeEach(() => t.setNow(NOW));
afterAll(() => t.close());

const orgPath = (suffix: string) => `/organizations/${organizationId}${suffix}`;

let customerNumber = 0;
async function customer(options: { enrolled?: boolean; email?: string } = {}) {
  customerNumber += 1;
  const created = await createCustomer(t, owner, organizationId, {
    firstName: `Bia${customerNumber}`,
    lastName: 'Lima',
    email: options.email ?? `bia${customerNumber}@example.com`,
    phone: '+5511987654321',
  });
  if (options.enrolled !== false)
    await enrollCustomer(t, studio, created.id, { startDate: '2027-03-01', endDate: '2027-04-30' });
  return created.id;
}

async function linkFor(customerId: string) {
  const made = await t.request('POST', orgPath(`/customers/${customerId}/class-link`), {
    token: owner.token,
  });
  expect(made.status, made.text).toBe(201);
  return tokenOf(made.body.url as string);
}

async function signedInAs(customerId: string): Promise<PortalClient> {
  const client = portalClient(t);
  const opened = await client.open(await linkFor(customerId));
  expect(opened.status, opened.text).toBe(200);
  return client;
}

async function sessionOn(
  scheduleId: string,
  date: string,
  of: { organizationId: string; owner: TestUser } = studio,
) {
  const query = `/sessions?from=${date}&to=${date}&scheduleId=${scheduleId}`;
  const list = await t.request('GET', `/organizations/${of.organizationId}${query}`, {
    token: of.owner.token,
  });
  const item = list.body.items[0] as { id: string; startsAt: string } | undefined;
  if (!item) throw new Error(`no session of ${scheduleId} on ${date}`);
  return item;
}

describe('the exchange', () => {
  it('sets an httpOnly, SameSite=Lax cookie scoped to the portal API, and records the session', async () => {
    const bia = await customer();
    const client = portalClient(t);
    const opened = await client.open(await linkFor(bia));
    expect(opened.status, opened.text).toBe(200);
    const cookie = opened.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^reformer_portal=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('Path=/api/portal');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    const home = await client.request('GET', '/me');
    expect(home.status, home.text).toBe(200);
    expect(home.body.customerFirstName).toMatch(/^Bia\d+$/);
    const sessions = await t.request('GET', orgPath(`/customers/${bia}/portal-sessions`), {
      token: instructor.token,
    });
    expect(sessions.body.items).toHaveLength(1);
    expect(sessions.body.items[0]).toMatchObject({ isLive: true, ipAddress: client.address });
  });

  it('refuses a link past its 30 days with the same 404 as a made-up token', async () => {
    const bia = await customer();
    const token = await linkFor(bia);
    t.setNow(new Date(NOW.getTime() + 30 * DAY));
    const expired = await portalClient(t).open(token);
    expect(expired.status).toBe(404);
    expect(expired.body.error.code).toBe('PORTAL_LINK_INVALID');
    const unknown = await portalClient(t).open('x'.repeat(43));
    // The same answer but for the request id, which every answer has its own of.
    const withoutRequestId = (body: { error: object }) => ({
      error: { ...body.error, requestId: undefined },
    });
    expect(withoutRequestId(unknown.body)).toEqual(withoutRequestId(expired.body));
  });

  it('answers 429 with Retry-After once an address has tried too often', async () => {
    const guesser = portalClient(t, '10.9.9.9');
    const answers = [];
    for (let attempt = 0; attempt < 31; attempt += 1) answers.push(await guesser.open('y'.repeat(43)));
    expect(answers.slice(0, 30).every((answer) => answer.status === 404)).toBe(true);
    const limited = answers[30];
    expect(limited?.status).toBe(429);
    expect(limited?.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited?.headers.get('retry-after'))).toBe(600);
    // A made-up session cookie from the same address is a guess too, and is limited the same way.
    guesser.useCookie(`reformer_portal=${'z'.repeat(43)}`);
    expect((await guesser.request('GET', '/me')).status).toBe(429);
    t.setNow(new Date(NOW.getTime() + 600_000));
    expect((await guesser.open('y'.repeat(43))).status).toBe(404);
  });
});

describe('a portal session', () => {
  it('ends when the customer signs out, and the cookie opens nothing after', async () => {
    const client = await signedInAs(await customer());
    const out = await client.request('DELETE', '/session');
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/reformer_portal=;.*Max-Age=0/);
    const after = await client.request('GET', '/me');
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('PORTAL_SESSION_REQUIRED');
  });

  it('ends when staff end it, and after 14 days without a visit', async () => {
    const bia = await customer();
    const ended = await signedInAs(bia);
    const idle = await signedInAs(bia);
    const list = await t.request('GET', orgPath(`/customers/${bia}/portal-sessions`), { token: owner.token });
    const newest = list.body.items[0].id as string;
    const end = await t.request('DELETE', orgPath(`/customers/${bia}/portal-sessions/${newest}`), {
      token: owner.token,
    });
    expect(end.status, end.text).toBe(200);
    const stillOpen = [await ended.request('GET', '/me'), await idle.request('GET', '/me')].map(
      (a) => a.status,
    );
    expect(stillOpen.sort()).toEqual([200, 401]);
    t.setNow(new Date(NOW.getTime() + 14 * DAY));
    expect((await ended.request('GET', '/me')).status).toBe(401);
    expect((await idle.request('GET', '/me')).status).toBe(401);
  });

  it('never opens a staff route, and a staff token opens no portal route', async () => {
    const client = await signedInAs(await customer());
    const cookie = client.cookie;
    const staffRoute = await t.request('GET', orgPath('/customers'), { headers: { cookie } });
    expect(staffRoute.status).toBe(401);
    const portalRoute = await t.request('GET', '/portal/me', { token: owner.token });
    expect(portalRoute.status).toBe(401);
    expect(portalRoute.body.error.code).toBe('PORTAL_SESSION_REQUIRED');
  });

  it('carries no-store, noindex and no-referrer on every answer, refusals included', async () => {
    const client = await signedInAs(await customer());
    for (const answer of [await client.request('GET', '/me'), await t.request('GET', '/portal/me')]) {
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('x-robots-tag')).toBe('noindex');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });
});

describe("a write's Idempotency-Key", () => {
  it('answers a repeated booking with its first answer and books once; another request under it is refused', async () => {
    const bia = await customer();
    const client = await signedInAs(bia);
    const march10 = await sessionOn(studio.scheduleId, '2027-03-10');
    expect((await client.request('POST', `/sessions/${march10.id}/cancel`)).status).toBe(200);
    const extra = await addSchedule(t, studio, {
      name: 'Repetida',
      recurrenceType: 'SINGLE',
      startDate: '2027-03-06',
      endDate: '2027-03-06',
    });
    const saturday = await sessionOn(extra.id, '2027-03-06');
    const key = { 'idempotency-key': 'portal-booking-0001' };
    const path = `/sessions/${saturday.id}/book`;
    // A double tap: both at once, one key.
    const [first, second] = await Promise.all([
      client.request('POST', path, { payWith: 'CREDIT' }, key),
      client.request('POST', path, { payWith: 'CREDIT' }, key),
    ]);
    expect([first.status, second.status], first.text).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    const replayed = [first, second].filter((answer) => answer.headers.get('idempotent-replayed') === 'true');
    expect(replayed).toHaveLength(1);
    // A retry after a lost answer: the same booking, not SESSION_CUSTOMER_DUPLICATE.
    const retry = await client.request('POST', path, { payWith: 'CREDIT' }, key);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('cache-control')).toBe('no-store');
    const [seated] = await t.db
      .select({ n: count() })
      .from(sessionAttendance)
      .where(eq(sessionAttendance.sessionId, saturday.id));
    expect(seated?.n).toBe(1);
    const reused = await client.request('POST', `/sessions/${march10.id}/cancel`, undefined, key);
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it("is the session's own: another customer's same key is their own request, and a purge erases the answers", async () => {
    const bia = await customer();
    const ana = await customer();
    const biaClient = await signedInAs(bia);
    const anaClient = await signedInAs(ana);
    const key = { 'idempotency-key': 'same-key-two-customers' };
    const march15 = await sessionOn(studio.scheduleId, '2027-03-15');
    const hers = await biaClient.request('POST', `/sessions/${march15.id}/cancel`, undefined, key);
    const theirs = await anaClient.request('POST', `/sessions/${march15.id}/cancel`, undefined, key);
    expect([hers.status, theirs.status]).toEqual([200, 200]);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.customerFirstName).not.toBe(hers.body.customerFirstName);
    const kept = async (customerId: string) =>
      (
        await t.db
          .select({ n: count() })
          .from(portalIdempotencyKeys)
          .where(eq(portalIdempotencyKeys.customerId, customerId))
      )[0]?.n;
    expect(await kept(bia)).toBeGreaterThan(0);
    const purged = await t.request('POST', orgPath(`/customers/${bia}/purge`), { token: owner.token });
    expect(purged.status, purged.text).toBeLessThan(300);
    expect(await kept(bia)).toBe(0);
    expect(await kept(ana)).toBeGreaterThan(0);
  });
});

describe('asking for a new link', () => {
  it('sends one to the e-mail on file, answers the same for an unknown one, and limits each contact', async () => {
    const email = `pedido${Date.now()}@example.com`;
    const bia = await customer({ email });
    const asker = portalClient(t);
    const known = await asker.request('POST', '/link-requests', { email: email.toUpperCase() });
    const unknown = await asker.request('POST', '/link-requests', { email: 'nobody@example.com' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    const status = await t.request('GET', orgPath(`/customers/${bia}/class-link`), { token: owner.token });
    expect(status.body.isActive).toBe(true);
    for (let attempt = 0; attempt < 2; attempt += 1)
      expect((await portalClient(t).request('POST', '/link-requests', { email })).status).toBe(202);
    const limited = await portalClient(t).request('POST', '/link-requests', { email });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('what the customer does', () => {
  it("cancels with notice, books a make-up with that credit, and cannot touch another customer's place", async () => {
    const bia = await customer();
    const client = await signedInAs(bia);
    const march8 = await sessionOn(studio.scheduleId, '2027-03-08');
    const canceled = await client.request('POST', `/sessions/${march8.id}/cancel`);
    expect(canceled.status, canceled.text).toBe(200);
    expect(canceled.body.makeUpCredit).toMatchObject({ outcome: 'EARNED' });
    expect(canceled.body.credits).toHaveLength(1);
    const extra = await addSchedule(t, studio, {
      name: 'Extra',
      recurrenceType: 'SINGLE',
      startDate: '2027-03-05',
      endDate: '2027-03-05',
    });
    const friday = await sessionOn(extra.id, '2027-03-05');
    const bookable = await client.request('GET', '/bookable');
    const offered = (bookable.body.items as { sessionId: string; payWith: string[] }[]).find(
      (item) => item.sessionId === friday.id,
    );
    expect(offered?.payWith).toEqual(['CREDIT']);
    const booked = await client.request('POST', `/sessions/${friday.id}/book`, { payWith: 'CREDIT' });
    expect(booked.status, booked.text).toBe(200);
    expect(booked.body.credits).toHaveLength(0);
    const place = (booked.body.places as { sessionId: string; status: string }[]).find(
      (entry) => entry.sessionId === friday.id,
    );
    expect(place?.status).toBe('REPOSITION');
    const again = await client.request('POST', `/sessions/${friday.id}/book`, { payWith: 'CREDIT' });
    expect(again.status).toBe(409);
    const stranger = await signedInAs(await customer());
    const theirs = await stranger.request('POST', `/sessions/${friday.id}/cancel`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('PORTAL_CLASS_NOT_FOUND');
    const foreign = await sessionOn(other.scheduleId, '2027-03-03', other);
    expect((await client.request('POST', `/sessions/${foreign.id}/cancel`)).status).toBe(404);
    expect((await client.request('POST', `/sessions/${foreign.id}/book`, { payWith: 'CREDIT' })).status).toBe(
      404,
    );
  });

  it('refuses a make-up inside the booking window before the class', async () => {
    const bia = await customer();
    const client = await signedInAs(bia);
    const march8 = await sessionOn(studio.scheduleId, '2027-03-08');
    await client.request('POST', `/sessions/${march8.id}/cancel`);
    const late = await addSchedule(t, studio, {
      name: 'Cedo',
      recurrenceType: 'SINGLE',
      startDate: '2027-03-02',
      endDate: '2027-03-02',
    });
    const tuesday = await sessionOn(late.id, '2027-03-02');
    t.setNow(new Date(new Date(tuesday.startsAt).getTime() - 3_600_000));
    const refused = await client.request('POST', `/sessions/${tuesday.id}/book`, { payWith: 'CREDIT' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'PORTAL_BOOKING_NOT_ALLOWED',
      details: { reason: 'BOOKING_CLOSED' },
    });
  });

  it('gives the last seat to exactly one of 50 customers booking at once', async () => {
    const small = await addSchedule(t, studio, {
      name: 'Última vaga',
      recurrenceType: 'SINGLE',
      startDate: '2027-03-04',
      endDate: '2027-03-04',
      capacity: 1,
    });
    const seat = await sessionOn(small.id, '2027-03-04');
    const march8 = await sessionOn(studio.scheduleId, '2027-03-08');
    const clients: PortalClient[] = [];
    for (let index = 0; index < 50; index += 1) {
      const client = await signedInAs(await customer());
      const canceled = await client.request('POST', `/sessions/${march8.id}/cancel`);
      expect(canceled.body.makeUpCredit?.outcome, canceled.text).toBe('EARNED');
      clients.push(client);
    }
    const answers = await Promise.all(
      clients.map((client) => client.request('POST', `/sessions/${seat.id}/book`, { payWith: 'CREDIT' })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    expect(
      answers.filter((answer) => answer.status === 409).every((a) => a.body.error.code === 'SESSION_FULL'),
    ).toBe(true);
    const [seated] = await t.db
      .select({ n: count() })
      .from(sessionAttendance)
      .where(eq(sessionAttendance.sessionId, seat.id));
    expect(seated?.n).toBe(1);
    const [spent] = await t.db
      .select({ n: count() })
      .from(makeUpCredits)
      .where(and(eq(makeUpCredits.organizationId, organizationId), eq(makeUpCredits.usedSessionId, seat.id)));
    expect(spent?.n).toBe(1);
  }, 180_000);

  it('joins the waitlist of a full class, is offered the freed seat and accepts it', async () => {
    const full = await addSchedule(t, studio, {
      name: 'Cheia',
      recurrenceType: 'SINGLE',
      startDate: '2027-03-06',
      endDate: '2027-03-06',
      capacity: 1,
    });
    const saturday = await sessionOn(full.id, '2027-03-06');
    const march8 = await sessionOn(studio.scheduleId, '2027-03-08');
    const holder = await signedInAs(await customer());
    const waiter = await signedInAs(await customer());
    for (const client of [holder, waiter]) await client.request('POST', `/sessions/${march8.id}/cancel`);
    expect(
      (await holder.request('POST', `/sessions/${saturday.id}/book`, { payWith: 'CREDIT' })).status,
    ).toBe(200);
    const listed = await waiter.request('GET', '/bookable');
    const fullItem = (listed.body.items as { sessionId: string; canWait: boolean }[]).find(
      (item) => item.sessionId === saturday.id,
    );
    expect(fullItem?.canWait).toBe(true);
    const joined = await waiter.request('POST', `/sessions/${saturday.id}/waitlist`);
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body.waitlist).toMatchObject([{ sessionId: saturday.id, state: 'WAITING' }]);
    await holder.request('POST', `/sessions/${saturday.id}/cancel`);
    const offered = await waiter.request('GET', '/me');
    const entry = offered.body.waitlist[0] as { entryId: string; state: string };
    expect(entry.state).toBe('OFFERED');
    expect((await holder.request('POST', `/waitlist/${entry.entryId}/accept`)).status).toBe(404);
    const accepted = await waiter.request('POST', `/waitlist/${entry.entryId}/accept`);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.waitlist).toEqual([]);
    expect((accepted.body.places as { sessionId: string }[]).some((p) => p.sessionId === saturday.id)).toBe(
      true,
    );
    // Paid for as booking pays: the waiter's credit is spent on the seat too (the holder's was, before).
    expect(accepted.body.credits).toEqual([]);
    const [spent] = await t.db
      .select({ n: count() })
      .from(makeUpCredits)
      .where(
        and(eq(makeUpCredits.organizationId, organizationId), eq(makeUpCredits.usedSessionId, saturday.id)),
      );
    expect(spent?.n).toBe(2);
  });

  it('an offer the customer has nothing left to pay for is refused, and takes no seat', async () => {
    const full = await addSchedule(t, studio, {
      name: 'Cheia sem crédito',
      recurrenceType: 'SINGLE',
      startDate: '2027-03-05',
      endDate: '2027-03-05',
      capacity: 1,
    });
    const open = await addSchedule(t, studio, {
      name: 'Livre',
      recurrenceType: 'SINGLE',
      startDate: '2027-03-04',
      endDate: '2027-03-04',
      capacity: 5,
    });
    const friday = await sessionOn(full.id, '2027-03-05');
    const thursday = await sessionOn(open.id, '2027-03-04');
    const march10 = await sessionOn(studio.scheduleId, '2027-03-10');
    const holder = await signedInAs(await customer());
    const waiter = await signedInAs(await customer());
    for (const client of [holder, waiter]) await client.request('POST', `/sessions/${march10.id}/cancel`);
    await holder.request('POST', `/sessions/${friday.id}/book`, { payWith: 'CREDIT' });
    expect((await waiter.request('POST', `/sessions/${friday.id}/waitlist`)).status).toBe(200);
    // The waiter spends their only credit elsewhere before the seat frees up.
    expect(
      (await waiter.request('POST', `/sessions/${thursday.id}/book`, { payWith: 'CREDIT' })).status,
    ).toBe(200);
    await holder.request('POST', `/sessions/${friday.id}/cancel`);
    const offered = await waiter.request('GET', '/me');
    const entry = (offered.body.waitlist as { entryId: string; sessionId: string; state: string }[]).find(
      (item) => item.sessionId === friday.id,
    );
    expect(entry?.state).toBe('OFFERED');
    const refused = await waiter.request('POST', `/waitlist/${entry?.entryId}/accept`);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.error.code).toBe('MAKE_UP_NO_CREDIT');
    const after = await waiter.request('GET', '/me');
    expect((after.body.places as { sessionId: string }[]).some((p) => p.sessionId === friday.id)).toBe(false);
    expect(after.body.waitlist).toMatchObject([{ sessionId: friday.id, state: 'OFFERED' }]);
  });
});
