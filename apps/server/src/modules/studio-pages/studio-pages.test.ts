import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  customers,
  eventMessages,
  purchases,
  sessionAttendance,
  trialBookings,
} from '../../db/schema/index.ts';
import { createCustomer, createPlan } from '../../test/factories.ts';
import { addSchedule, createStudio, enrollCustomer, type Studio } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { portalClient, tokenOf } from '../portal/portal-client.ts';

/**
 * The studio's page, branding and trial classes (decision 045) on a real database. The class meets Mondays and
 * Wednesdays 07:00 in São Paulo (10:00Z) from 1 March 2027; the clock stands on Monday 1 March at 12:00Z, so
 * the week's classes are Wednesday 3 and Monday 8 March.
 */

let t: TestApp;
let studio: Studio;
let other: Studio;
let slug: string;

type ErrorBody = { error: { code: string } };

const NOW = new Date('2027-03-01T12:00:00Z');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  t.setNow(NOW);
  studio = await createStudio(t, { organizationName: 'Studio Sol', schedule: { capacity: 20 } });
  other = await createStudio(t, { organizationName: 'Studio Lua' });
  slug = `sol-${randomBytes(3).toString('hex')}`;
  const saved = await savePage(studio, { slug, displayName: 'Pilates Sol', accentColor: '#1D4ED8' });
  expect(saved.status, saved.text).toBe(200);
}, 120_000);
beforeEach(() => t.setNow(NOW));
afterAll(() => t.close());

const orgPath = (org: Studio, suffix: string) => `/organizations/${org.organizationId}${suffix}`;
const savePage = (org: Studio, body: Record<string, unknown>) =>
  t.request('PUT', orgPath(org, '/studio-page'), { token: org.owner.token, body });

function uploadLogo(org: Studio, bytes: Buffer, name = 'logo.png') {
  const form = new FormData();
  form.append('logo', new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
  return t.app.request(`/api${orgPath(org, '/studio-page/logo')}`, {
    method: 'PUT',
    body: form,
    headers: { authorization: `Bearer ${org.owner.token}`, origin: 'http://localhost:3000' },
  });
}

/** A visitor from an address of their own, so the per-address limit is met only where a test means it. */
function visitor(address = `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}`) {
  return {
    book: (body: Record<string, unknown>, key?: string) =>
      t.request('POST', `/public/studios/${slug}/trial-bookings`, {
        body: { consent: true, ...body },
        headers: { 'x-forwarded-for': address, ...(key ? { 'idempotency-key': key } : {}) },
      }),
  };
}

/** The week's classes on the public page: the regular class's unless `name` says another. */
async function weekSessions(name = 'Reformer Iniciante') {
  const page = await t.request('GET', `/public/studios/${slug}`);
  expect(page.status, page.text).toBe(200);
  const sessions = page.body.sessions as { id: string; date: string; freeSeats: number; name: string }[];
  return sessions.filter((session) => session.name === name);
}

let person = 0;
function newPerson() {
  person += 1;
  return {
    fullName: `Ana Trial${person} de Souza`,
    email: `ana.trial${person}@example.com`,
    phone: `(11) 9${String(80_000_000 + person).padStart(8, '0')}`,
  };
}

describe('branding and the slug', () => {
  it('refuses a slug another studio uses (409), a reserved or malformed one, and an unreadable colour (400)', async () => {
    const taken = await savePage(other, { slug, displayName: 'Lua', accentColor: '#1d4ed8' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('STUDIO_SLUG_TAKEN');
    for (const bad of ['portal', 'api', 'a', 'Com Espaço', '-sol']) {
      const refused = await savePage(other, { slug: bad, displayName: 'Lua', accentColor: '#1d4ed8' });
      expect(refused.status, bad).toBe(400);
    }
    const pale = await savePage(other, { slug: null, displayName: 'Lua', accentColor: '#fde68a' });
    expect(pale.status).toBe(400);
    expect(JSON.stringify(pale.body.error.details)).toContain('validation.accentContrast');
  });

  it('only members with MANAGE_SETTINGS change it', async () => {
    const instructor = await t.request('PUT', orgPath(studio, '/studio-page'), {
      token: studio.instructor.token,
      body: { slug, displayName: 'X', accentColor: '#1d4ed8' },
    });
    expect(instructor.status).toBe(403);
  });

  it('keeps the logo in the database, sniffs its type and limits its size', async () => {
    const tooBig = await uploadLogo(studio, Buffer.concat([PNG, Buffer.alloc(512 * 1024)]));
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as ErrorBody).error.code).toBe('STUDIO_LOGO_TOO_LARGE');
    const svg = await uploadLogo(
      studio,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'logo.png',
    );
    expect(svg.status).toBe(400);
    expect(((await svg.json()) as ErrorBody).error.code).toBe('STUDIO_LOGO_TYPE');
    const saved = await uploadLogo(studio, PNG);
    expect(saved.status).toBe(200);
    const { logoUrl } = (await saved.json()) as { logoUrl: string };
    expect(logoUrl).toMatch(/^\/api\/public\/logos\/[0-9a-f]{64}$/);
    const served = await t.app.request(logoUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('shows on the portal: the customer sees their studio’s name, logo and colour', async () => {
    const customer = await createCustomer(t, studio.owner, studio.organizationId, {
      firstName: 'Bia',
      lastName: 'Portal',
      email: 'bia.portal@example.com',
    });
    const link = await t.request('POST', orgPath(studio, `/customers/${customer.id}/class-link`), {
      token: studio.owner.token,
    });
    const client = portalClient(t);
    expect((await client.open(tokenOf(link.body.url as string))).status).toBe(200);
    const branding = await client.request('GET', '/branding');
    expect(branding.status, branding.text).toBe(200);
    expect(branding.body).toMatchObject({ displayName: 'Pilates Sol', accentColor: '#1d4ed8' });
    expect(branding.body.logoUrl).toMatch(/^\/api\/public\/logos\//);
    expect((await portalClient(t).request('GET', '/branding')).status).toBe(401);
  });
});

describe('the public page', () => {
  it("shows the week's group classes with free seats only, the plans and the establishments", async () => {
    const page = await t.request('GET', `/public/studios/${slug}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ displayName: 'Pilates Sol', slug });
    expect(page.body.establishments).toEqual([expect.objectContaining({ name: 'Centro' })]);
    expect(page.body.sessions.map((session: { date: string }) => session.date)).toEqual([
      '2027-03-03',
      '2027-03-08',
    ]);
    expect(Object.keys(page.body.sessions[0]).sort()).toEqual(
      ['date', 'endTime', 'establishmentName', 'freeSeats', 'id', 'name', 'startTime'].sort(),
    );
    expect(page.body.plans[0]).toMatchObject({ name: 'Mensal 2x', priceCents: 34_900, currency: 'BRL' });
    const unknown = await t.request('GET', '/public/studios/no-such-studio');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('STUDIO_PAGE_NOT_FOUND');
  });
});

describe('booking a trial class', () => {
  it('makes a new lead with a TRIAL place, once per person (matched by phone too), and queues the confirmation', async () => {
    const [wednesday] = await weekSessions();
    const ana = newPerson();
    const booked = await visitor().book({ sessionId: wednesday?.id, ...ana }, 'trial-key-0001');
    expect(booked.status, booked.text).toBe(202);
    expect(booked.body).toEqual({ accepted: true });
    const [lead] = await t.db.select().from(customers).where(eq(customers.email, ana.email));
    expect(lead).toMatchObject({
      firstName: 'Ana Trial1',
      lastName: 'de Souza',
      status: 'PENDING',
      phone: '+5511980000001',
    });
    const [place] = await t.db
      .select()
      .from(sessionAttendance)
      .where(
        and(
          eq(sessionAttendance.customerId, lead?.id ?? ''),
          eq(sessionAttendance.sessionId, wednesday?.id ?? ''),
        ),
      );
    expect(place).toMatchObject({ status: 'TRIAL', reason: 'TRIAL_CLASS' });
    const messages = await t.db
      .select()
      .from(eventMessages)
      .where(eq(eventMessages.customerId, lead?.id ?? ''));
    expect(messages.map((message) => [message.channel, message.status, message.kind]).sort()).toEqual([
      ['EMAIL', 'OUTBOX', 'TRIAL_BOOKED'],
      ['WHATSAPP', 'OUTBOX', 'TRIAL_BOOKED'],
    ]);
    expect(messages.find((message) => message.channel === 'WHATSAPP')?.link).toContain('wa.me/5511980000001');

    // The same request again (a retry): answered alike, nothing more written.
    const again = await visitor().book({ sessionId: wednesday?.id, ...ana }, 'trial-key-0001');
    expect(again.status).toBe(202);
    expect(
      await t.db
        .select()
        .from(trialBookings)
        .where(eq(trialBookings.customerId, lead?.id ?? '')),
    ).toHaveLength(1);

    // The same person under another e-mail but the same phone: a polite refusal.
    const twice = await visitor().book({ ...ana, email: 'outro@example.com', sessionId: wednesday?.id });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('TRIAL_ALREADY_TAKEN');
  });

  it('books an existing customer matched by e-mail instead of making another', async () => {
    const [, monday] = await weekSessions();
    const known = await createCustomer(t, studio.owner, studio.organizationId, {
      firstName: 'Carla',
      lastName: 'Conhecida',
      email: 'carla@example.com',
    });
    const booked = await visitor().book({
      sessionId: monday?.id,
      fullName: 'Carla Conhecida',
      email: 'CARLA@example.com',
      phone: '(11) 97777-1234',
    });
    expect(booked.status, booked.text).toBe(202);
    const rows = await t.db.select().from(customers).where(eq(customers.email, 'carla@example.com'));
    expect(rows.map((row) => row.id)).toEqual([known.id]);
  });

  it('refuses a full class (409) and another studio’s class (404)', async () => {
    await addSchedule(t, studio, { name: 'Duo', capacity: 1, daysOfWeek: [2] });
    const [duo] = await weekSessions('Duo');
    expect(duo?.freeSeats).toBe(1);
    expect((await visitor().book({ sessionId: duo?.id, ...newPerson() })).status).toBe(202);
    const full = await visitor().book({ sessionId: duo?.id, ...newPerson() });
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe('SESSION_FULL');
    const foreign = await t.request(
      'GET',
      `/organizations/${other.organizationId}/sessions?from=2027-03-01&to=2027-03-07`,
      {
        token: other.owner.token,
      },
    );
    const foreignId = foreign.body[0]?.id ?? foreign.body.items?.[0]?.id;
    const elsewhere = await visitor().book({ sessionId: foreignId, ...newPerson() });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error.code).toBe('TRIAL_CLASS_NOT_FOUND');
  });

  it('answers a filled honeypot as a booking, and writes nothing', async () => {
    const [wednesday] = await weekSessions();
    const robot = newPerson();
    const answer = await visitor().book({
      sessionId: wednesday?.id,
      ...robot,
      website: 'http://spam.example',
    });
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ accepted: true });
    expect(await t.db.select().from(customers).where(eq(customers.email, robot.email))).toHaveLength(0);
  });

  it('limits bookings per address (429 with Retry-After)', async () => {
    const [wednesday] = await weekSessions();
    const same = visitor('10.77.0.1');
    const answers = [];
    for (let index = 0; index < 6; index += 1)
      answers.push((await same.book({ sessionId: wednesday?.id, ...newPerson(), website: 'x' })).status);
    expect(answers).toEqual([202, 202, 202, 202, 202, 429]);
    const refused = await same.book({ sessionId: wednesday?.id, ...newPerson() });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it("spends the studio's trial plan when it has one", async () => {
    const trialPlan = await createPlan(t, studio.owner, studio.organizationId, {
      name: 'Experimental',
      kind: 'TRIAL',
      validityDays: 30,
      priceCents: 0,
      weeklySessionsLimit: null,
    });
    const [wednesday] = await weekSessions();
    const bia = newPerson();
    const booked = await visitor().book({ sessionId: wednesday?.id, ...bia });
    expect(booked.status, booked.text).toBe(202);
    const [lead] = await t.db.select().from(customers).where(eq(customers.email, bia.email));
    const sold = await t.db
      .select()
      .from(purchases)
      .where(eq(purchases.customerId, lead?.id ?? ''));
    expect(sold).toEqual([expect.objectContaining({ planId: trialPlan.id, kind: 'TRIAL' })]);
    await t.request('PATCH', orgPath(studio, `/customer-plans/${trialPlan.id}`), {
      token: studio.owner.token,
      body: { isActive: false },
    });
  });
});

describe("the dashboard's trial classes", () => {
  it('counts booked, attended and converted (an enrollment within 30 days); another studio sees none', async () => {
    const [wednesday] = await weekSessions();
    const lia = newPerson();
    const booked = await visitor().book({ sessionId: wednesday?.id, ...lia });
    expect(booked.status, booked.text).toBe(202);
    const [lead] = await t.db.select().from(customers).where(eq(customers.email, lia.email));
    const query = '?from=2027-03-01&to=2027-03-31';
    const before = await t.request('GET', orgPath(studio, `/trial-bookings/summary${query}`), {
      token: studio.owner.token,
    });
    expect(before.status, before.text).toBe(200);
    t.setNow(new Date('2027-03-03T10:05:00Z'));
    const checkIn = await t.request('POST', orgPath(studio, `/sessions/${wednesday?.id}/check-ins`), {
      token: studio.owner.token,
      body: { customerId: lead?.id },
    });
    expect(checkIn.status, checkIn.text).toBeLessThan(300);
    t.setNow(new Date('2027-03-05T12:00:00Z'));
    await enrollCustomer(t, studio, lead?.id ?? '', { startDate: '2027-03-08', endDate: '2027-04-30' });
    const after = await t.request('GET', orgPath(studio, `/trial-bookings/summary${query}`), {
      token: studio.owner.token,
    });
    expect(after.body.booked).toBe(before.body.booked);
    expect(after.body.attended).toBe(before.body.attended + 1);
    expect(after.body.converted).toBe(before.body.converted + 1);
    expect(after.body.recent).toContainEqual(
      expect.objectContaining({ customerId: lead?.id, date: '2027-03-03', isConverted: true }),
    );
    const foreign = await t.request(
      'GET',
      `/organizations/${other.organizationId}/trial-bookings/summary${query}`,
      {
        token: other.owner.token,
      },
    );
    expect(foreign.body).toMatchObject({ booked: 0, recent: [] });
    const outsider = await t.request(
      'GET',
      `/organizations/${studio.organizationId}/trial-bookings/summary${query}`,
      {
        token: other.owner.token,
      },
    );
    expect(outsider.status).toBe(404);
  });
});
