import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addCustomer, createStudio, enrollCustomer, type Studio } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type PortalClient, portalClient, tokenOf } from '../portal/portal-client.ts';

/**
 * The customer's calendar feed (decision 046) on a real database: the iCalendar a calendar app reads, a move
 * by staff (SEQUENCE, the old time), a canceled place, replacing and revoking (the customer's and staff's),
 * guessing, and the walls between customers and organizations. The class meets Mondays and Wednesdays 07:00
 * at Centro, São Paulo (10:00Z), from 1 March 2027; the clock stands on Monday 1 March at 12:00Z.
 */

let t: TestApp;
let studio: Studio;
let other: Studio;
const NOW = new Date('2027-03-01T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  t.setNow(NOW);
  studio = await createStudio(t, { organizationName: 'Studio Sol', schedule: { capacity: 20 } });
  other = await createStudio(t, { organizationName: 'Studio Lua' });
}, 120_000);
beforeEach(() => t.setNow(NOW));
afterAll(() => t.close());

const orgPath = (of: Studio, suffix: string) => `/organizations/${of.organizationId}${suffix}`;

async function enrolledCustomer(of: Studio = studio) {
  const { id } = await addCustomer(t, of, { email: `feed${Math.random()}@example.com` });
  await enrollCustomer(t, of, id, { startDate: '2027-03-01', endDate: '2027-04-30' });
  return id;
}

async function signedInAs(customerId: string, of: Studio = studio): Promise<PortalClient> {
  const made = await t.request('POST', orgPath(of, `/customers/${customerId}/class-link`), {
    token: of.owner.token,
  });
  expect(made.status, made.text).toBe(201);
  const client = portalClient(t);
  expect((await client.open(tokenOf(made.body.url as string))).status).toBe(200);
  return client;
}

async function subscribe(client: PortalClient) {
  const made = await client.request('PUT', '/calendar-feed');
  expect(made.status, made.text).toBe(200);
  const url = made.body.url as string;
  expect(made.body.webcalUrl).toBe(url.replace(/^https?:\/\//, 'webcal://'));
  return new URL(url).pathname.replace(/^\/api/, '');
}

const fetchFeed = (path: string, address = '10.9.9.9') =>
  t.request('GET', path, { headers: { 'x-forwarded-for': address } });

async function sessionOn(date: string) {
  const list = await t.request('GET', orgPath(studio, `/sessions?from=${date}&to=${date}`), {
    token: studio.owner.token,
  });
  const item = list.body.items[0] as { id: string } | undefined;
  if (!item) throw new Error(`no session on ${date}`);
  return item.id;
}

/** RFC 5545 folds lines longer than 75 octets: the text with each folded line whole again. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');

/** The VEVENT of this UID. */
function eventOf(ics: string, uid: string) {
  const event = unfold(ics)
    .split('BEGIN:VEVENT')
    .find((block) => block.includes(`UID:${uid}\r\n`));
  if (!event) throw new Error(`no event ${uid}`);
  return event.slice(0, event.indexOf('END:VEVENT'));
}

describe('the feed a calendar app reads', () => {
  it('lists the customer’s classes of the last 30 days and the next 90, one stable UID per place', async () => {
    const customerId = await enrolledCustomer();
    const client = await signedInAs(customerId);
    expect((await client.request('GET', '/calendar-feed')).body).toEqual({
      isActive: false,
      createdAt: null,
    });
    const path = await subscribe(client);
    expect((await client.request('GET', '/calendar-feed')).body).toEqual({
      isActive: true,
      createdAt: NOW.toISOString(),
    });

    const feed = await fetchFeed(path);
    expect(feed.status, feed.text).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('cache-control')).toBe('no-store');
    expect(feed.headers.get('x-robots-tag')).toBe('noindex');
    expect(feed.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(feed.text).toContain('X-WR-CALNAME:Studio Sol');

    const wednesday = await sessionOn('2027-03-03');
    const event = eventOf(feed.text, `${wednesday}.${customerId}@reformer`);
    expect(event).toContain('DTSTART:20270303T100000Z');
    expect(event).toContain('DTEND:20270303T110000Z');
    expect(event).toContain('SUMMARY:Reformer Iniciante');
    expect(event).toMatch(/LOCATION:Centro/);
    expect(event).toContain('STATUS:CONFIRMED');
    expect(event).toContain('SEQUENCE:0');
    // Mondays and Wednesdays from 1 March (begun, within the last 30 days) to 26 May: the plan renews by
    // itself, so the enrollment keeps the customer on the roster past its end date, up to the 90 days.
    const starts = [...unfold(feed.text).matchAll(/DTSTART:(\d{8})T/g)].map((match) => match[1]);
    expect(starts).toHaveLength(26);
    expect([starts[0], starts.at(-1)]).toEqual(['20270301', '20270526']);
    // The same place keeps its UID in the next fetch: the calendar updates it instead of adding one.
    expect(unfold((await fetchFeed(path)).text)).toContain(`UID:${wednesday}.${customerId}@reformer`);
  });

  it('shows a class staff moved at its new time, with a higher SEQUENCE and where it was, here and in the portal', async () => {
    const customerId = await enrolledCustomer();
    const client = await signedInAs(customerId);
    const path = await subscribe(client);
    const monday = await sessionOn('2027-03-08');
    t.setNow(new Date('2027-03-02T09:00:00Z'));
    const moved = await t.request('PUT', orgPath(studio, `/sessions/${monday}`), {
      token: studio.owner.token,
      body: { date: '2027-03-09', startTime: '09:00', endTime: '10:00' },
    });
    expect(moved.status, moved.text).toBe(200);
    const event = eventOf((await fetchFeed(path)).text, `${monday}.${customerId}@reformer`);
    expect(event).toContain('DTSTART:20270309T120000Z');
    expect(Number(event.match(/SEQUENCE:(\d+)/)?.[1])).toBeGreaterThan(0);
    expect(event).toMatch(/DESCRIPTION:.*(03\/08\/2027|08\/03\/2027).*07:00/);
    const home = await client.request('GET', '/me');
    const place = home.body.places.find((item: { sessionId: string }) => item.sessionId === monday);
    expect(place).toMatchObject({ date: '2027-03-09', startTime: '09:00' });
    expect(place.movedFrom).toEqual({ date: '2027-03-08', startTime: '07:00' });
    const unmoved = home.body.places.find((item: { sessionId: string }) => item.sessionId !== monday);
    expect(unmoved.movedFrom).toBeNull();
  });

  it('marks a place the customer canceled CANCELLED', async () => {
    const customerId = await enrolledCustomer();
    const client = await signedInAs(customerId);
    const path = await subscribe(client);
    const wednesday = await sessionOn('2027-03-10');
    const canceled = await client.request('POST', `/sessions/${wednesday}/cancel`);
    expect(canceled.status, canceled.text).toBe(200);
    const event = eventOf((await fetchFeed(path)).text, `${wednesday}.${customerId}@reformer`);
    expect(event).toContain('STATUS:CANCELLED');
    expect(Number(event.match(/SEQUENCE:(\d+)/)?.[1])).toBeGreaterThan(0);
  });
});

describe('replacing, revoking and guessing', () => {
  it('stops answering the old address when the customer makes a new one, and both when revoked', async () => {
    const client = await signedInAs(await enrolledCustomer());
    const first = await subscribe(client);
    const second = await subscribe(client);
    const gone = await fetchFeed(first);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('CALENDAR_FEED_NOT_FOUND');
    expect((await fetchFeed(second)).status).toBe(200);
    const revoked = await client.request('DELETE', '/calendar-feed');
    expect(revoked.body).toEqual({ isActive: false, createdAt: null });
    expect((await fetchFeed(second)).status).toBe(404);
  });

  it('lets staff see and revoke it; another organization’s staff get 404', async () => {
    const customerId = await enrolledCustomer();
    const path = await subscribe(await signedInAs(customerId));
    const staffPath = orgPath(studio, `/customers/${customerId}/calendar-feed`);
    const seen = await t.request('GET', staffPath, { token: studio.owner.token });
    expect(seen.body).toEqual({ isActive: true, createdAt: NOW.toISOString() });
    const outsider = `/organizations/${other.organizationId}/customers/${customerId}/calendar-feed`;
    expect((await t.request('GET', outsider, { token: other.owner.token })).status).toBe(404);
    expect((await t.request('DELETE', outsider, { token: other.owner.token })).status).toBe(404);
    expect((await fetchFeed(path)).status).toBe(200);
    const revoked = await t.request('DELETE', staffPath, { token: studio.owner.token });
    expect(revoked.status, revoked.text).toBe(200);
    expect((await fetchFeed(path)).status).toBe(404);
  });

  it('lists one customer’s places only, whoever else is in the class', async () => {
    const mine = await enrolledCustomer();
    const theirs = await enrolledCustomer();
    const path = await subscribe(await signedInAs(mine));
    await subscribe(await signedInAs(theirs));
    const text = unfold((await fetchFeed(path)).text);
    expect(text).toContain(`.${mine}@reformer`);
    expect(text).not.toContain(theirs);
  });

  it('counts unknown tokens against the address: 404 each, then 429 with Retry-After', async () => {
    const address = '10.77.77.77';
    for (let guess = 0; guess < 30; guess += 1) {
      const missed = await fetchFeed(`/portal/calendar/${'x'.repeat(42)}${guess % 10}.ics`, address);
      expect(missed.status).toBe(404);
    }
    const limited = await fetchFeed(`/portal/calendar/${'y'.repeat(43)}.ics`, address);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers only the portal cookie: a staff token opens no feed settings', async () => {
    const asStaff = await t.request('PUT', '/portal/calendar-feed', { token: studio.owner.token });
    expect(asStaff.status).toBe(401);
    expect(asStaff.body.error.code).toBe('PORTAL_SESSION_REQUIRED');
  });
});
