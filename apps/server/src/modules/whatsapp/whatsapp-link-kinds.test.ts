import { randomBytes } from 'node:crypto';
import { startWhatsAppEmulator, type WhatsAppEmulator } from '@reformer/whatsapp-emulator/emulator';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventMessages, whatsappSends } from '../../db/schema/index.ts';
import { addCustomer, addSchedule, createStudio, type Studio } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { cloudApiGateway } from './whatsapp-gateway.ts';
import { sendQueuedWhatsApp } from './whatsapp-sender.ts';
import { whatsappTestCa } from './whatsapp-test-ca.ts';

/**
 * The three kinds that carried a secret or personal link and went only as a wa.me link until decision 052's
 * addendum: the waitlist offer, the portal/class link and the trial confirmation. Against the local Cloud API
 * over https: an opted-in customer of a connected studio gets the kind's template through the API, once; a
 * customer who did not opt in keeps the link.
 */

// Monday 15 February 2027, 09:00 in São Paulo; the classes are in March.
const NOW = new Date('2027-02-15T12:00:00Z');
let emulator: WhatsAppEmulator;
let t: TestApp;
let studio: Studio;
let slug: string;

beforeAll(async () => {
  emulator = await startWhatsAppEmulator({ tls: whatsappTestCa(), reviewDelayMs: 0 });
  t = await createTestApp(
    { TRUST_PROXY: 'true' },
    { whatsapp: cloudApiGateway({ trustedCa: whatsappTestCa().cert }) },
  );
  t.setNow(NOW);
  studio = await createStudio(t, { organizationName: 'Studio Vínculo' });
  const [account] = emulator.accounts;
  if (!account) throw new Error('one account');
  const org = `/organizations/${studio.organizationId}`;
  const token = studio.owner.token;
  const connected = await t.request('PUT', `${org}/whatsapp`, {
    token,
    body: {
      apiBaseUrl: emulator.url,
      phoneNumberId: account.phoneNumberId,
      wabaId: account.wabaId,
      accessToken: account.accessToken,
      appSecret: account.appSecret,
    },
  });
  expect(connected.status, connected.text).toBe(200);
  const created = await t.request('POST', `${org}/whatsapp/templates`, { token });
  expect(created.status, created.text).toBe(200);
  emulator.sandbox.reviewTemplates();
  slug = `vinculo-${randomBytes(3).toString('hex')}`;
  const page = await t.request('PUT', `${org}/studio-page`, {
    token,
    body: { slug, displayName: 'Pilates Vínculo', accentColor: '#1D4ED8' },
  });
  expect(page.status, page.text).toBe(200);
}, 120_000);
afterEach(async () => {
  await emulator.sandbox.idle();
  expect(emulator.violations).toEqual([]);
});
afterAll(async () => {
  await emulator.close();
  await t.close();
});

const orgPath = (suffix: string) => `/organizations/${studio.organizationId}${suffix}`;

let number = 0;
/** A customer with a phone of their own, opted in to WhatsApp or not. */
async function customerWho(optedIn: boolean) {
  number += 1;
  const phone = `+55119${String(70_000_000 + number)}`;
  const email = `vera${number}.${randomBytes(2).toString('hex')}@example.com`;
  const customer = await addCustomer(t, studio, { firstName: `Vera${number}`, email, phone });
  const consent = await t.request('PUT', orgPath(`/customers/${customer.id}/whatsapp-consent`), {
    token: studio.owner.token,
    body: { isOptedIn: optedIn },
  });
  expect(consent.status, consent.text).toBe(200);
  return { ...customer, email, waNumber: phone.slice(1) };
}

async function whatsAppOf(customerId: string, kind: 'WAITLIST_OFFER' | 'CLASS_LINK' | 'TRIAL_BOOKED') {
  const [message] = await t.db
    .select()
    .from(eventMessages)
    .where(
      and(
        eq(eventMessages.customerId, customerId),
        eq(eventMessages.kind, kind),
        eq(eventMessages.channel, 'WHATSAPP'),
      ),
    );
  const sends = await t.db.select().from(whatsappSends).where(eq(whatsappSends.customerId, customerId));
  return { message, sends };
}

/** Runs the WhatsApp job twice (the second finds nothing more) and answers what reached `waNumber`. */
async function sentTo(waNumber: string, now = NOW) {
  const deps = {
    db: t.db,
    secretBox: t.secretBox,
    whatsapp: cloudApiGateway({ trustedCa: whatsappTestCa().cert }),
    now: () => now,
    random: () => 0.5,
  };
  await sendQueuedWhatsApp(deps);
  await sendQueuedWhatsApp(deps);
  return emulator.sandbox.messages().filter((message) => message.to === waNumber);
}

describe('the portal/class link staff create', () => {
  it('goes to an opted-in customer through the API as reformer_class_link, once, with the secret URL', async () => {
    const ana = await customerWho(true);
    const made = await t.request('POST', orgPath(`/customers/${ana.id}/class-link`), {
      token: studio.owner.token,
      headers: { 'idempotency-key': `link-${ana.id}` },
    });
    expect(made.status, made.text).toBe(201);
    const { message, sends } = await whatsAppOf(ana.id, 'CLASS_LINK');
    expect(message?.status).toBe('QUEUED');
    expect(sends).toHaveLength(1);
    const sent = await sentTo(ana.waNumber);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.template).toBe('reformer_class_link');
    expect(sent[0]?.text).toContain(made.body.url);
  });

  it('stays the wa.me link for staff to open when the customer did not opt in', async () => {
    const bia = await customerWho(false);
    const made = await t.request('POST', orgPath(`/customers/${bia.id}/class-link`), {
      token: studio.owner.token,
      headers: { 'idempotency-key': `link-${bia.id}` },
    });
    expect(made.status, made.text).toBe(201);
    const { message, sends } = await whatsAppOf(bia.id, 'CLASS_LINK');
    expect(message?.status).toBe('SENT');
    expect(message?.link).toMatch(/^https:\/\/wa\.me\//);
    expect(sends).toEqual([]);
    expect(await sentTo(bia.waNumber)).toEqual([]);
  });
});

describe('the waitlist offer', () => {
  let sessionNumber = 0;
  /** A single session of one seat in March, taken by a customer, with `waiting` in line. */
  async function fullSessionWith(waiting: string) {
    sessionNumber += 1;
    const date = `2027-03-${String(sessionNumber).padStart(2, '0')}`;
    const schedule = await addSchedule(t, studio, {
      name: `Espera ${sessionNumber}`,
      capacity: 1,
      recurrenceType: 'SINGLE',
      startDate: date,
      endDate: date,
    });
    const listed = await t.request(
      'GET',
      orgPath(`/sessions?from=${date}&to=${date}&scheduleId=${schedule.id}`),
      {
        token: studio.owner.token,
      },
    );
    const sessionId = listed.body.items[0]?.id as string;
    const seated = await customerWho(false);
    const token = studio.owner.token;
    const added = await t.request('POST', orgPath(`/sessions/${sessionId}/customers`), {
      token,
      body: { customerIds: [seated.id], reason: 'OTHER' },
    });
    expect(added.status, added.text).toBe(201);
    const joined = await t.request('POST', orgPath(`/sessions/${sessionId}/waitlist`), {
      token,
      body: { customerIds: [waiting] },
    });
    expect(joined.status, joined.text).toBe(201);
    const freed = await t.request('PUT', orgPath(`/sessions/${sessionId}/attendance/${seated.id}`), {
      token,
      body: { status: 'CANCELED' },
    });
    expect(freed.status, freed.text).toBe(200);
  }

  it('goes to an opted-in customer through the API as reformer_waitlist_offer, with the offer link', async () => {
    const caio = await customerWho(true);
    await fullSessionWith(caio.id);
    const { message, sends } = await whatsAppOf(caio.id, 'WAITLIST_OFFER');
    expect(message?.status).toBe('QUEUED');
    expect(sends).toHaveLength(1);
    const sent = await sentTo(caio.waNumber);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.template).toBe('reformer_waitlist_offer');
    expect(sent[0]?.text).toMatch(/\/waitlist-offers\/[A-Za-z0-9_-]+/);
  });

  it('stays the outbox link when the customer did not opt in', async () => {
    const dora = await customerWho(false);
    await fullSessionWith(dora.id);
    const { message, sends } = await whatsAppOf(dora.id, 'WAITLIST_OFFER');
    expect(message?.status).toBe('OUTBOX');
    expect(message?.link).toMatch(/^https:\/\/wa\.me\/.*waitlist-offers/);
    expect(sends).toEqual([]);
    expect(await sentTo(dora.waNumber)).toEqual([]);
  });
});

describe('the trial class confirmation', () => {
  // The studio's page offers the coming week's classes: its regular class starts on 1 March.
  const MARCH = new Date('2027-03-01T12:00:00Z');
  beforeAll(() => t.setNow(MARCH));
  async function book(customer: { email: string; waNumber: string }, fullName: string) {
    const page = await t.request('GET', `/public/studios/${slug}`);
    expect(page.status, page.text).toBe(200);
    const sessions = page.body.sessions as { id: string; name: string; freeSeats: number }[];
    const session = sessions.find(
      (offered) => offered.name === 'Reformer Iniciante' && offered.freeSeats > 0,
    );
    const booked = await t.request('POST', `/public/studios/${slug}/trial-bookings`, {
      body: {
        consent: true,
        sessionId: session?.id,
        fullName,
        email: customer.email,
        phone: `(11) ${customer.waNumber.slice(4, 9)}-${customer.waNumber.slice(9)}`,
      },
      headers: { 'x-forwarded-for': `10.8.${number}.1`, 'idempotency-key': `trial-${customer.waNumber}` },
    });
    expect(booked.status, booked.text).toBe(202);
  }

  it('goes to a known customer who opted in through the API as reformer_trial_booked', async () => {
    const eva = await customerWho(true);
    await book(eva, 'Eva Souza');
    const { message, sends } = await whatsAppOf(eva.id, 'TRIAL_BOOKED');
    expect(message?.status).toBe('QUEUED');
    expect(sends).toHaveLength(1);
    const sent = await sentTo(eva.waNumber, MARCH);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.template).toBe('reformer_trial_booked');
  });

  it('stays the outbox link for a customer who did not opt in', async () => {
    const fabi = await customerWho(false);
    await book(fabi, 'Fabi Lima');
    const { message, sends } = await whatsAppOf(fabi.id, 'TRIAL_BOOKED');
    expect(message?.status).toBe('OUTBOX');
    expect(message?.link).toMatch(/^https:\/\/wa\.me\//);
    expect(sends).toEqual([]);
    expect(await sentTo(fabi.waNumber, MARCH)).toEqual([]);
  });
});
