import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, customerClassLinks, makeUpCredits, sessionAttendance } from '../../db/schema/index.ts';
import { createCustomer, createOrganization, createUser, type TestUser } from '../../test/factories.ts';
import { recordingMailer } from '../../test/recording-mailer.ts';
import { addSchedule, createStudio, enrollCustomer, type Studio } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sendQueuedEmails } from '../events/events-delivery.ts';
import { type PortalClient, portalClient, tokenOf } from '../portal/portal-client.ts';
import { linkStillLive } from './class-links.repository.ts';

/**
 * A customer's class link (decision 025), staff's routes and the customer's public page, on a real database.
 * The regular class meets Mondays and Wednesdays 07:00 at Centro, São Paulo (10:00Z), from 1 March 2027; the
 * clock stands on Monday 1 March at 12:00Z, so the link lists 3 to 31 March.
 */

let t: TestApp;
let owner: TestUser;
let instructor: TestUser;
let receptionist: TestUser;
let organizationId: string;
let studio: Studio;
let regular: { id: string };

const NOW = new Date('2027-03-01T12:00:00Z');
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  t.setNow(NOW);
  const created = await createStudio(t, {
    organizationName: 'Studio Sol',
    members: { receptionist: 'EST_RECEPTIONIST' },
    schedule: { capacity: 10 },
    plan: { weeklySessionsLimit: 7 },
  });
  studio = created;
  ({ owner, organizationId, instructor } = created);
  ({ receptionist } = created.members);
  regular = { id: created.scheduleId };
});
beforeEach(() => t.setNow(NOW));
afterAll(() => t.close());

const orgPath = (suffix: string) => `/organizations/${organizationId}${suffix}`;
const linkPath = (customerId: string) => orgPath(`/customers/${customerId}/class-link`);

let customerNumber = 0;
async function customer(enrolled = true) {
  customerNumber += 1;
  const created = await createCustomer(t, owner, organizationId, {
    firstName: `Ana${customerNumber}`,
    lastName: 'Souza',
    email: `aluna${customerNumber}@example.com`,
    phone: '+5511987654321',
  });
  if (enrolled)
    await enrollCustomer(t, studio, created.id, { startDate: '2027-03-01', endDate: '2027-04-30' });
  return created.id;
}

async function sessionOn(scheduleId: string, date: string) {
  const list = await t.request('GET', orgPath(`/sessions?from=${date}&to=${date}&scheduleId=${scheduleId}`), {
    token: owner.token,
  });
  const item = list.body.items[0] as { id: string; startsAt: string } | undefined;
  if (!item) throw new Error(`no session of ${scheduleId} on ${date}`);
  return { id: item.id, startsAt: new Date(item.startsAt) };
}

async function makeLink(customerId: string, user = instructor, headers?: Record<string, string>) {
  const made = await t.request('POST', linkPath(customerId), { token: user.token, headers });
  expect(made.status, made.text).toBe(201);
  return { token: tokenOf(made.body.url as string), body: made.body };
}

/**
 * The customer's page through the portal (decision 039): the token is exchanged once for a cookie, which
 * later calls carry; a token that opens nothing answers the exchange's refusal.
 */
const clients = new Map<string, PortalClient>();
async function signedIn(token: string) {
  const known = clients.get(token);
  if (known) return { client: known, refusal: null };
  const client = portalClient(t);
  const opened = await client.open(token);
  if (opened.status !== 200) return { client, refusal: opened };
  clients.set(token, client);
  return { client, refusal: null };
}
async function view(token: string) {
  const { client, refusal } = await signedIn(token);
  return refusal ?? client.request('GET', '/me');
}
async function cancel(token: string, sessionId: string) {
  const { client, refusal } = await signedIn(token);
  return refusal ?? client.request('POST', `/sessions/${sessionId}/cancel`);
}

type Place = {
  sessionId: string;
  date: string;
  status: string;
  earnedCredit: { expiresOn: string } | null;
  creditIfCanceled: Record<string, unknown> | null;
};

async function rosterStatus(sessionId: string, customerId: string) {
  const details = await t.request('GET', orgPath(`/sessions/${sessionId}`), { token: instructor.token });
  const entry = (details.body.roster as { customerId: string; status: string }[]).find(
    (row) => row.customerId === customerId,
  );
  return entry?.status;
}

describe('the link', () => {
  it("lists only this customer's places of the next 30 days, with the studio and their first name", async () => {
    const ana = await customer();
    const other = await customer(false);
    const single = await addSchedule(t, studio, {
      name: 'Avulsa',
      recurrenceType: 'SINGLE',
      startDate: '2027-03-05',
      endDate: '2027-03-05',
    });
    const friday = await sessionOn(single.id, '2027-03-05');
    const added = await t.request('POST', orgPath(`/sessions/${friday.id}/customers`), {
      token: instructor.token,
      body: { customerIds: [other], reason: 'TRIAL_CLASS' },
    });
    expect(added.status, added.text).toBe(201);
    const { token } = await makeLink(ana);
    const page = await view(token);
    expect(page.status, page.text).toBe(200);
    expect(page.body.organizationName).toBe('Studio Sol');
    expect(page.body.customerFirstName).toMatch(/^Ana\d+$/);
    const dates = (page.body.places as Place[]).map((place) => place.date);
    expect(dates).toEqual([
      '2027-03-03',
      '2027-03-08',
      '2027-03-10',
      '2027-03-15',
      '2027-03-17',
      '2027-03-22',
      '2027-03-24',
      '2027-03-29',
      '2027-03-31',
    ]);
    expect(dates).not.toContain('2027-03-05');
    const first = (page.body.places as Place[])[0];
    expect(first?.status).toBe('CONFIRMED');
    expect(first?.creditIfCanceled).toEqual({ outcome: 'EARNED', expiresOn: '2027-04-30' });
  });

  it('answers 404 PORTAL_LINK_INVALID for a rotated, a revoked or a made-up token', async () => {
    const ana = await customer();
    const first = await makeLink(ana);
    const second = await makeLink(ana);
    expect((await view(first.token)).body.error.code).toBe('PORTAL_LINK_INVALID');
    const live = await view(second.token);
    expect(live.status).toBe(200);
    const revoked = await t.request('DELETE', linkPath(ana), { token: instructor.token });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.isActive).toBe(false);
    // Revoking ends the sessions the link opened (decision 039), and the token opens no new one.
    const gone = await view(second.token);
    expect(gone.status).toBe(401);
    expect(gone.body.error.code).toBe('PORTAL_SESSION_REQUIRED');
    const march3 = await sessionOn(regular.id, '2027-03-03');
    const refused = await cancel(second.token, march3.id);
    expect(refused.body.error.code).toBe('PORTAL_SESSION_REQUIRED');
    const reopened = await portalClient(t).open(second.token);
    expect(reopened.body.error.code).toBe('PORTAL_LINK_INVALID');
    // The token is the key to a customer's name and places: no cache keeps an answer, refusals included,
    // and no search engine lists one (issue #27).
    for (const answer of [live, gone, refused, reopened]) {
      expect(answer.headers.get('cache-control'), answer.text).toBe('no-store');
      expect(answer.headers.get('x-robots-tag'), answer.text).toBe('noindex');
      expect(answer.headers.get('referrer-policy'), answer.text).toBe('no-referrer');
    }
    expect((await view('x'.repeat(43))).status).toBe(404);
    expect((await view('not a token')).status).toBe(400);
    const status = await t.request('GET', linkPath(ana), { token: receptionist.token });
    expect(status.body).toEqual({ isActive: false, createdAt: null, expiresAt: null });
  });
});

describe('cancelling through the link', () => {
  it('with notice earns a credit, says so, and staff see the place canceled; the audit names the link', async () => {
    const ana = await customer();
    const { token } = await makeLink(ana);
    const march8 = await sessionOn(regular.id, '2027-03-08');
    const done = await cancel(token, march8.id);
    expect(done.status, done.text).toBe(200);
    expect(done.body.makeUpCredit).toMatchObject({ outcome: 'EARNED', expiresOn: '2027-04-30' });
    const place = (done.body.places as Place[]).find((entry) => entry.sessionId === march8.id);
    expect(place).toMatchObject({ status: 'CANCELED', earnedCredit: { expiresOn: '2027-04-30' } });
    expect(place?.creditIfCanceled).toBeNull();
    expect(await rosterStatus(march8.id, ana)).toBe('CANCELED');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.organizationId, organizationId), eq(auditLog.action, 'CANCELED_BY_CUSTOMER_PORTAL')),
      );
    expect(audit).toMatchObject({ actorId: null, entityType: 'session_attendance', entityId: march8.id });
    expect(audit?.details).toMatchObject({ customerId: ana });
  });

  it('with short notice earns nothing and says SHORT_NOTICE with the hours, before and after', async () => {
    const ana = await customer();
    const { token } = await makeLink(ana);
    const march3 = await sessionOn(regular.id, '2027-03-03');
    t.setNow(new Date(march3.startsAt.getTime() - 2 * HOUR));
    const page = await view(token);
    const place = (page.body.places as Place[]).find((entry) => entry.sessionId === march3.id);
    expect(place?.creditIfCanceled).toEqual({
      outcome: 'NOT_EARNED',
      reason: 'SHORT_NOTICE',
      noticeHours: 24,
      monthlyLimit: 2,
    });
    const done = await cancel(token, march3.id);
    expect(done.status, done.text).toBe(200);
    expect(done.body.makeUpCredit).toEqual({
      outcome: 'NOT_EARNED',
      reason: 'SHORT_NOTICE',
      noticeHours: 24,
      monthlyLimit: 2,
    });
  });

  it('is refused once the session has started (409 SESSION_STARTED), and nothing is written', async () => {
    const ana = await customer();
    const { token } = await makeLink(ana);
    const march3 = await sessionOn(regular.id, '2027-03-03');
    t.setNow(march3.startsAt);
    const refused = await cancel(token, march3.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('SESSION_STARTED');
    expect(await rosterStatus(march3.id, ana)).toBe('CONFIRMED');
  });

  it("answers 404 PORTAL_CLASS_NOT_FOUND for another customer's session, an unknown id or another organization's", async () => {
    const ana = await customer();
    const { token } = await makeLink(ana);
    const single = await addSchedule(t, studio, {
      name: 'Outra',
      recurrenceType: 'SINGLE',
      startDate: '2027-03-12',
      endDate: '2027-03-12',
    });
    const notHers = await sessionOn(single.id, '2027-03-12');
    const other = await createStudio(t);
    const list = await t.request(
      'GET',
      `/organizations/${other.organizationId}/sessions?from=2027-03-03&to=2027-03-03&scheduleId=${other.scheduleId}`,
      { token: other.owner.token },
    );
    const foreign = list.body.items[0]?.id as string;
    for (const sessionId of [notHers.id, foreign, '0190f0f0-0000-7000-8000-000000000000', 'nope']) {
      const refused = await cancel(token, sessionId);
      expect(refused.status, sessionId).toBe(404);
      expect(refused.body.error.code).toBe('PORTAL_CLASS_NOT_FOUND');
    }
    const audits = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'CANCELED_BY_CUSTOMER_PORTAL'), eq(auditLog.entityId, notHers.id)));
    expect(audits[0]?.n).toBe(0);
  });

  it("offers the freed seat of a full session to the first one waiting, as a member's cancellation does", async () => {
    const seated = await customer(false);
    const waiting = await customer(false);
    const single = await addSchedule(t, studio, {
      name: 'Lotada',
      capacity: 1,
      recurrenceType: 'SINGLE',
      startDate: '2027-03-19',
      endDate: '2027-03-19',
    });
    const full = await sessionOn(single.id, '2027-03-19');
    const added = await t.request('POST', orgPath(`/sessions/${full.id}/customers`), {
      token: instructor.token,
      body: { customerIds: [seated], reason: 'OTHER' },
    });
    expect(added.status, added.text).toBe(201);
    const joined = await t.request('POST', orgPath(`/sessions/${full.id}/waitlist`), {
      token: instructor.token,
      body: { customerIds: [waiting] },
    });
    expect(joined.status, joined.text).toBe(201);
    const { token } = await makeLink(seated);
    const done = await cancel(token, full.id);
    expect(done.status, done.text).toBe(200);
    expect(done.body.makeUpCredit).toMatchObject({ outcome: 'NOT_EARNED', reason: 'NOT_ENROLLED' });
    const waitlist = await t.request('GET', orgPath(`/sessions/${full.id}/waitlist`), {
      token: instructor.token,
    });
    const entry = (waitlist.body.items as { customerId: string; state: string }[]).find(
      (row) => row.customerId === waiting,
    );
    expect(entry?.state).toBe('OFFERED');
  });

  it('twice at once cancels once and earns one credit; a later click answers the page with no decision', async () => {
    const ana = await customer();
    const { token } = await makeLink(ana);
    const march10 = await sessionOn(regular.id, '2027-03-10');
    const answers = await Promise.all(Array.from({ length: 5 }, () => cancel(token, march10.id)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const decisions = answers.map((answer) => answer.body.makeUpCredit).filter(Boolean);
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({ outcome: 'EARNED' });
    const [credits] = await t.db
      .select({ n: count() })
      .from(makeUpCredits)
      .where(and(eq(makeUpCredits.customerId, ana), eq(makeUpCredits.canceledSessionId, march10.id)));
    expect(credits?.n).toBe(1);
    const [audits] = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'CANCELED_BY_CUSTOMER_PORTAL'), eq(auditLog.entityId, march10.id)));
    expect(audits?.n).toBe(1);
    const [rows] = await t.db
      .select({ n: count() })
      .from(sessionAttendance)
      .where(and(eq(sessionAttendance.sessionId, march10.id), eq(sessionAttendance.customerId, ana)));
    expect(rows?.n).toBe(1);
  });
});

describe("staff's routes", () => {
  it('make the link, send it by e-mail (outbox) and WhatsApp, and replay an Idempotency-Key', async () => {
    const ana = await customer();
    const headers = { 'idempotency-key': `class-link-${ana}` };
    const { body } = await makeLink(ana, instructor, headers);
    expect(body.url).toMatch(/^http:\/\/localhost:3000\/portal#t=[A-Za-z0-9_-]{43}$/);
    expect(new Date(body.expiresAt).getTime() - NOW.getTime()).toBe(30 * 24 * HOUR);
    const channels = (body.messages as { channel: string; status: string; link: string | null }[])
      .map((message) => `${message.channel} ${message.status}`)
      .sort();
    expect(channels).toEqual(['EMAIL OUTBOX', 'WHATSAPP SENT']);
    const whatsApp = (body.messages as { channel: string; link: string }[]).find(
      (m) => m.channel === 'WHATSAPP',
    );
    expect(decodeURIComponent(whatsApp?.link ?? '')).toContain(body.url);
    const again = await makeLink(ana, instructor, headers);
    expect(again.body.url).toBe(body.url);
    const live = await t.db
      .select({ n: count() })
      .from(customerClassLinks)
      .where(eq(customerClassLinks.customerId, ana));
    expect(live[0]?.n).toBe(1);
    const status = await t.request('GET', linkPath(ana), { token: receptionist.token });
    expect(status.body).toMatchObject({ isActive: true });
  });

  it("sends a queued link e-mail only while its link is live: a replaced link's e-mail stays in the outbox", async () => {
    const bia = await customer();
    const old = await makeLink(bia);
    const fresh = await makeLink(bia, instructor, { 'idempotency-key': `class-link-fresh-${bia}` });
    const { mailer, sent } = recordingMailer();
    await sendQueuedEmails(t.db, mailer, 'CLASS_LINK', { stillWanted: linkStillLive });
    const toBia = sent.filter((mail) => mail.to === `aluna${customerNumber}@example.com`);
    expect(toBia.map((mail) => mail.text.includes(fresh.token))).toEqual([true]);
    expect(toBia.some((mail) => mail.text.includes(old.token))).toBe(false);
  });

  it('refuse roles without MANAGE_ATTENDANCE (403) and answer 404 for other organizations and unknown customers', async () => {
    const ana = await customer();
    const forbidden = await t.request('POST', linkPath(ana), { token: receptionist.token });
    expect(forbidden.status).toBe(403);
    expect((await t.request('DELETE', linkPath(ana), { token: receptionist.token })).status).toBe(403);
    const outsider = await createUser(t);
    const outsiderOrg = (await createOrganization(t, outsider)).id;
    const foreign = await t.request('POST', `/organizations/${outsiderOrg}/customers/${ana}/class-link`, {
      token: outsider.token,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('CUSTOMER_NOT_FOUND');
    expect(
      (
        await t.request('GET', `/organizations/${organizationId}/customers/${ana}/class-link`, {
          token: outsider.token,
        })
      ).status,
    ).toBe(404);
    const unknown = await t.request('POST', linkPath('0190f0f0-0000-7000-8000-000000000000'), {
      token: instructor.token,
    });
    expect(unknown.status).toBe(404);
    const rows = await t.db
      .select({ n: count() })
      .from(customerClassLinks)
      .where(eq(customerClassLinks.customerId, ana));
    expect(rows[0]?.n).toBe(0);
  });
});
