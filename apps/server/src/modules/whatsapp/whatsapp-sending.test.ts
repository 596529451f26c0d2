import { createServer } from 'node:net';
import { serve } from '@hono/node-server';
import { SEND_BACKOFF, SENDING_LEASE_MS } from '@reformer/domain/whatsapp-sending';
import { startWhatsAppEmulator, type WhatsAppEmulator } from '@reformer/whatsapp-emulator/emulator';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventMessages, whatsappMessages, whatsappSends } from '../../db/schema/index.ts';
import { addCustomer, addSchedule, createStudio, enrollCustomer, type Studio } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sendClassReminders } from '../events/class-reminders-job.ts';
import { smsNotConfigured } from '../events/sms-provider.ts';
import { cloudApiGateway } from './whatsapp-gateway.ts';
import { sendQueuedWhatsApp } from './whatsapp-sender.ts';
import { whatsappTestCa } from './whatsapp-test-ca.ts';

/**
 * The events' messages through the Cloud API (decision 052), against the local emulator over https with the
 * app on a real port, so Meta's status webhooks reach it: the change notices leave once the move commits,
 * 429/5xx back off, two runs send each message once, a crash mid-send neither loses nor doubles, the tier and
 * the opt-in are respected, and a template Meta has not approved falls back to the outbox's link.
 */

// Friday 5 March 2027, 09:00 in São Paulo. The class runs Mondays and Wednesdays at 07:00.
const FRIDAY = new Date('2027-03-05T12:00:00Z');
const outbox = {
  isConfigured: false,
  send: async () => {
    throw new Error('not configured');
  },
  health: async () => 'not_configured' as const,
};

let emulator: WhatsAppEmulator;
let t: TestApp;
let server: ReturnType<typeof serve>;
let studio: Studio;
let unapproved: Studio;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Connects an emulator account, registers our webhook URL and (unless told not to) creates the templates. */
async function connect(target: Studio, account: WhatsAppEmulator['accounts'][number], templates = true) {
  const org = `/organizations/${target.organizationId}/whatsapp`;
  const token = target.owner.token;
  const connected = await t.request('PUT', org, {
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
  const hook = await t.request('POST', `${org}/webhook-registration`, { token });
  expect(hook.status, hook.text).toBe(200);
  if (!templates) return;
  const created = await t.request('POST', `${org}/templates`, { token });
  expect(created.status, created.text).toBe(200);
  emulator.sandbox.reviewTemplates();
}

beforeAll(async () => {
  emulator = await startWhatsAppEmulator({
    tls: whatsappTestCa(),
    reviewDelayMs: 0,
    statusStepMs: 1,
    accounts: [{}, {}],
  });
  const port = await freePort();
  t = await createTestApp(
    { WHATSAPP_WEBHOOK_URL: `http://127.0.0.1:${port}` },
    { whatsapp: cloudApiGateway({ trustedCa: whatsappTestCa().cert }) },
  );
  server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' });
  t.setNow(FRIDAY);
  studio = await createStudio(t, { organizationName: 'Studio Envio' });
  unapproved = await createStudio(t, { organizationName: 'Studio Sem Modelos' });
  const [first, second] = emulator.accounts;
  if (!first || !second) throw new Error('two accounts');
  await connect(studio, first);
  await connect(unapproved, second, false);
});
afterEach(async () => {
  await emulator.sandbox.idle();
  expect(emulator.violations).toEqual([]);
});
afterAll(async () => {
  await emulator.close();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

let phoneNumber = 0;
/** A class with `count` enrolled customers, each opted in to WhatsApp unless `optedIn` says otherwise. */
async function classOf(target: Studio, count: number, optedIn = true) {
  const schedule = await addSchedule(t, target, { name: `Pilates ${phoneNumber}` });
  const customers = [];
  for (let index = 0; index < count; index += 1) {
    phoneNumber += 1;
    const customer = await addCustomer(t, target, {
      firstName: `Aluna${phoneNumber}`,
      phone: `+55119${String(80_000_000 + phoneNumber)}`,
    });
    await enrollCustomer(t, target, customer.id, { startDate: '2027-03-01', scheduleId: schedule.id });
    const consent = await t.request(
      'PUT',
      `/organizations/${target.organizationId}/customers/${customer.id}/whatsapp-consent`,
      { token: target.owner.token, body: { isOptedIn: optedIn } },
    );
    expect(consent.status, consent.text).toBe(200);
    customers.push(customer);
  }
  const listed = await t.request(
    'GET',
    `/organizations/${target.organizationId}/sessions?from=2027-03-08&to=2027-03-08&scheduleId=${schedule.id}`,
    { token: target.owner.token },
  );
  const session = listed.body.items[0] as { id: string };
  return { session, customers };
}

function moveSession(target: Studio, sessionId: string, startTime = '18:00', endTime = '19:00') {
  return t.request('PUT', `/organizations/${target.organizationId}/sessions/${sessionId}`, {
    token: target.owner.token,
    body: { date: '2027-03-09', startTime, endTime },
  });
}

const sendsOf = (organizationId: string, customerIds: string[]) =>
  t.db
    .select()
    .from(whatsappSends)
    .where(
      and(eq(whatsappSends.organizationId, organizationId), inArray(whatsappSends.customerId, customerIds)),
    );

const whatsAppMessagesOf = (organizationId: string, customerIds: string[]) =>
  t.db
    .select()
    .from(eventMessages)
    .where(
      and(
        eq(eventMessages.organizationId, organizationId),
        eq(eventMessages.channel, 'WHATSAPP'),
        inArray(eventMessages.customerId, customerIds),
      ),
    );

/** Waits for a state, never for a time: polls until `read` answers true (the after-commit send runs apart). */
async function until(read: () => Promise<boolean>, what: string) {
  for (let tries = 0; tries < 200; tries += 1) {
    if (await read()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const senderDeps = (now: Date) => ({
  db: t.db,
  secretBox: t.secretBox,
  whatsapp: cloudApiGateway({ trustedCa: whatsappTestCa().cert }),
  now: () => now,
  random: () => 0.5,
});

describe('a moved class tells its roster through the Cloud API', () => {
  it('sends the opted-in customers’ notices once the move commits, and their statuses come back to read', async () => {
    const { session, customers } = await classOf(studio, 2);
    const moved = await moveSession(studio, session.id);
    expect(moved.status, moved.text).toBe(200);
    const ids = customers.map((customer) => customer.id);
    await until(
      async () => (await sendsOf(studio.organizationId, ids)).every((send) => send.state === 'SENT'),
      'the sends',
    );
    const sends = await sendsOf(studio.organizationId, ids);
    expect(sends).toHaveLength(2);
    expect(sends.every((send) => send.templateKind === 'CLASS_CHANGED' && send.wamid)).toBe(true);
    const messages = await whatsAppMessagesOf(studio.organizationId, ids);
    expect(messages.map((message) => message.status)).toEqual(['SENT', 'SENT']);
    const atMeta = emulator.sandbox
      .messages()
      .filter((message) => sends.some((send) => send.wamid === message.id));
    expect(atMeta).toHaveLength(2);
    expect(atMeta.every((message) => message.template === 'reformer_class_changed')).toBe(true);
    await emulator.sandbox.idle();
    await until(async () => {
      const rows = await t.db
        .select({ status: whatsappMessages.status })
        .from(whatsappMessages)
        .where(
          and(
            eq(whatsappMessages.organizationId, studio.organizationId),
            inArray(whatsappMessages.customerId, ids),
          ),
        );
      return rows.length === 2 && rows.every((row) => row.status === 'read');
    }, 'the read statuses');
    const tab = await t.request(
      'GET',
      `/organizations/${studio.organizationId}/customers/${ids[0]}/event-messages`,
      { token: studio.owner.token },
    );
    expect(tab.status, tab.text).toBe(200);
    const notice = tab.body.items.find((item: { channel: string }) => item.channel === 'WHATSAPP');
    expect(notice.whatsApp).toMatchObject({ status: 'read', errorCode: null });
  });

  it('tells no one when the move is refused (its transaction rolls back, nothing is queued or sent)', async () => {
    const { session, customers } = await classOf(studio, 1);
    const before = emulator.sandbox.messages().length;
    const refused = await t.request('PUT', `/organizations/${studio.organizationId}/sessions/${session.id}`, {
      token: studio.owner.token,
      body: { date: '2027-03-01', startTime: '18:00', endTime: '19:00' },
    });
    expect(refused.status, refused.text).toBe(409);
    expect(
      await sendsOf(
        studio.organizationId,
        customers.map((customer) => customer.id),
      ),
    ).toEqual([]);
    await sendQueuedWhatsApp(senderDeps(FRIDAY));
    expect(emulator.sandbox.messages().length).toBe(before);
    // Out of the later tests' way: Monday's reminders would otherwise take this customer along.
    const [customer] = customers;
    const optOut = await t.request(
      'PUT',
      `/organizations/${studio.organizationId}/customers/${customer?.id}/whatsapp-consent`,
      { token: studio.owner.token, body: { isOptedIn: false } },
    );
    expect(optOut.status, optOut.text).toBe(200);
  });

  it('leaves a customer who did not opt in on the outbox link', async () => {
    const { session, customers } = await classOf(studio, 1, false);
    expect((await moveSession(studio, session.id)).status).toBe(200);
    const ids = customers.map((customer) => customer.id);
    expect(await sendsOf(studio.organizationId, ids)).toEqual([]);
    const [message] = await whatsAppMessagesOf(studio.organizationId, ids);
    expect(message?.status).toBe('OUTBOX');
    expect(message?.link).toMatch(/^https:\/\/wa\.me\//);
  });

  it('falls back to the outbox link when the template is not approved on the account', async () => {
    const { session, customers } = await classOf(unapproved, 1);
    expect((await moveSession(unapproved, session.id)).status).toBe(200);
    const ids = customers.map((customer) => customer.id);
    await until(
      async () => (await sendsOf(unapproved.organizationId, ids)).every((send) => send.state === 'FAILED'),
      'the fallback',
    );
    const [send] = await sendsOf(unapproved.organizationId, ids);
    expect(send?.lastFailure).toBe('WHATSAPP_TEMPLATE_MISSING');
    const [message] = await whatsAppMessagesOf(unapproved.organizationId, ids);
    expect(message?.status).toBe('OUTBOX');
    expect(
      emulator.sandbox.messages().some((sent) => sent.phoneNumberId === emulator.accounts[1]?.phoneNumberId),
    ).toBe(false);
  });
});

describe('reminders queued by the events job', () => {
  /** Sunday 07:30: Monday's 07:00 class is inside the 24 hours of the reminders. */
  const SUNDAY = new Date('2027-03-07T10:30:00Z');

  async function queueReminders(count: number) {
    const { customers } = await classOf(studio, count);
    const saved = await t.request(
      'PUT',
      `/organizations/${studio.organizationId}/events/config/class-notices`,
      {
        token: studio.owner.token,
        body: {
          reminderHours: 24,
          reminderChannels: ['WHATSAPP'],
          changeNoticeEnabled: true,
          changeChannels: ['EMAIL', 'WHATSAPP'],
        },
      },
    );
    expect(saved.status, saved.text).toBe(200);
    await sendClassReminders(t.db, { mailer: outbox, sms: smsNotConfigured }, SUNDAY);
    const ids = customers.map((customer) => customer.id);
    const sends = await sendsOf(studio.organizationId, ids);
    expect(sends.filter((send) => send.templateKind === 'CLASS_REMINDER')).toHaveLength(count);
    return ids;
  }

  it('backs off on 429 and on 5xx, then sends each once', async () => {
    const ids = await queueReminders(1);
    emulator.sandbox.failNext(1, 429, { messagesOnly: true });
    const first = await sendQueuedWhatsApp(senderDeps(SUNDAY));
    expect(first).toMatchObject({ sent: 0, retried: 1 });
    let [send] = await sendsOf(studio.organizationId, ids);
    expect(send).toMatchObject({ state: 'PENDING', attempts: 1, lastFailure: 'WHATSAPP_RATE_LIMITED' });
    const waited = (send?.nextAttemptAt.getTime() ?? 0) - SUNDAY.getTime();
    expect(waited).toBeGreaterThanOrEqual(SEND_BACKOFF.baseMs / 2);
    // Not yet due: nothing is tried.
    expect(await sendQueuedWhatsApp(senderDeps(SUNDAY))).toMatchObject({ sent: 0, retried: 0 });
    emulator.sandbox.failNext(1, 503, { messagesOnly: true });
    const later = new Date(SUNDAY.getTime() + waited);
    expect(await sendQueuedWhatsApp(senderDeps(later))).toMatchObject({ retried: 1 });
    [send] = await sendsOf(studio.organizationId, ids);
    expect(send).toMatchObject({ state: 'PENDING', attempts: 2, lastFailure: 'WHATSAPP_UNAVAILABLE' });
    expect((send?.nextAttemptAt.getTime() ?? 0) - later.getTime()).toBeGreaterThan(waited);
    expect(await sendQueuedWhatsApp(senderDeps(send?.nextAttemptAt ?? later))).toMatchObject({ sent: 1 });
    [send] = await sendsOf(studio.organizationId, ids);
    expect(send).toMatchObject({ state: 'SENT', attempts: 3 });
    expect(emulator.sandbox.messages().filter((message) => message.id === send?.wamid)).toHaveLength(1);
  });

  it('gives up to the outbox after its attempts', async () => {
    const ids = await queueReminders(1);
    let now = SUNDAY;
    for (let attempt = 0; attempt < SEND_BACKOFF.maxAttempts; attempt += 1) {
      emulator.sandbox.failNext(1, 500, { messagesOnly: true });
      await sendQueuedWhatsApp(senderDeps(now));
      const [send] = await sendsOf(studio.organizationId, ids);
      now = send?.nextAttemptAt ?? now;
    }
    const [send] = await sendsOf(studio.organizationId, ids);
    expect(send).toMatchObject({ state: 'FAILED', attempts: SEND_BACKOFF.maxAttempts });
    const [message] = await whatsAppMessagesOf(studio.organizationId, ids);
    expect(message?.status).toBe('OUTBOX');
  });

  it('sends each message once when two runs go at once', async () => {
    const ids = await queueReminders(6);
    const before = emulator.sandbox.messages().length;
    const runs = await Promise.all([
      sendQueuedWhatsApp(senderDeps(SUNDAY)),
      sendQueuedWhatsApp(senderDeps(SUNDAY)),
    ]);
    expect(runs[0].sent + runs[1].sent).toBe(6);
    expect(emulator.sandbox.messages().length - before).toBe(6);
    const sends = await sendsOf(studio.organizationId, ids);
    expect(new Set(sends.map((send) => send.wamid)).size).toBe(6);
  });

  it('after a crash mid-send, adopts what Meta accepted and sends again what it did not', async () => {
    const ids = await queueReminders(2);
    const [accepted, lost] = await sendsOf(studio.organizationId, ids);
    if (!accepted || !lost) throw new Error('two sends');
    // A process died after Meta accepted the first (its webhooks came) and before its call for the second.
    const connection = emulator.accounts[0];
    if (!connection) throw new Error('account');
    const client = cloudApiGateway({ trustedCa: whatsappTestCa().cert }).open({
      apiBaseUrl: emulator.url,
      phoneNumberId: connection.phoneNumberId,
      wabaId: connection.wabaId,
      accessToken: connection.accessToken,
    });
    const sent = await client.sendTemplate({
      to: accepted.toPhone,
      name: 'reformer_class_reminder',
      language: accepted.language,
      bodyParameters: accepted.parameters,
    });
    await client.close();
    await emulator.sandbox.idle();
    const crashedAt = new Date(Date.now() - SENDING_LEASE_MS - 1000);
    for (const send of [accepted, lost])
      await t.db
        .update(whatsappSends)
        .set({ state: 'SENDING', attempts: 1, attemptStartedAt: crashedAt })
        .where(and(eq(whatsappSends.organizationId, studio.organizationId), eq(whatsappSends.id, send.id)));
    const before = emulator.sandbox.messages().length;
    const result = await sendQueuedWhatsApp(senderDeps(new Date()));
    expect(result.sent).toBe(2);
    expect(emulator.sandbox.messages().length - before).toBe(1);
    const after = await sendsOf(studio.organizationId, ids);
    expect(after.find((send) => send.id === accepted.id)?.wamid).toBe(sent.messageId);
    expect(after.every((send) => send.state === 'SENT')).toBe(true);
  });

  it('keeps a new recipient waiting once the tier’s 24 hours are full, and lets a known one through', async () => {
    const ids = await queueReminders(1);
    const [send] = await sendsOf(studio.organizationId, ids);
    // 250 numbers messaged in the last 24 hours fill a new business's tier.
    const recent = new Date(SUNDAY.getTime() - 3_600_000);
    await t.db.insert(whatsappMessages).values(
      Array.from({ length: 250 }, (_, index) => ({
        organizationId: studio.organizationId,
        id: crypto.randomUUID(),
        wamid: `wamid.tier-${index}`,
        toPhone: `+5521${String(900_000_000 + index)}`,
        templateName: 'reformer_class_reminder',
        language: 'pt_BR',
        status: 'read' as const,
        sentAt: recent,
        statusAt: recent,
      })),
    );
    try {
      const run = await sendQueuedWhatsApp(senderDeps(SUNDAY));
      expect(run).toMatchObject({ sent: 0, postponed: 1 });
      const [waiting] = await sendsOf(studio.organizationId, ids);
      expect(waiting).toMatchObject({ state: 'PENDING', attempts: 0 });
      // A day later the window has room again.
      const nextDay = new Date(SUNDAY.getTime() + 24 * 3_600_000);
      expect(await sendQueuedWhatsApp(senderDeps(nextDay))).toMatchObject({ sent: 1 });
      const [sent] = await sendsOf(studio.organizationId, ids);
      expect(sent).toMatchObject({ id: send?.id, state: 'SENT' });
    } finally {
      await t.db.delete(whatsappMessages).where(
        and(
          eq(whatsappMessages.organizationId, studio.organizationId),
          inArray(
            whatsappMessages.wamid,
            Array.from({ length: 250 }, (_, index) => `wamid.tier-${index}`),
          ),
        ),
      );
    }
  });

  it('stops sending to a customer who answered SAIR', async () => {
    const { customers } = await classOf(studio, 1);
    const [customer] = customers;
    if (!customer) throw new Error('customer');
    emulator.sandbox.inbound({ from: `55119${String(80_000_000 + phoneNumber)}`, text: 'SAIR' });
    await emulator.sandbox.idle();
    await until(async () => {
      const consent = await t.request(
        'GET',
        `/organizations/${studio.organizationId}/customers/${customer.id}/whatsapp-consent`,
        { token: studio.owner.token },
      );
      return consent.body.isOptedIn === false;
    }, 'the opt-out');
    await sendClassReminders(t.db, { mailer: outbox, sms: smsNotConfigured }, SUNDAY);
    expect(await sendsOf(studio.organizationId, [customer.id])).toEqual([]);
    const [message] = await whatsAppMessagesOf(studio.organizationId, [customer.id]);
    expect(message?.status).toBe('OUTBOX');
  });
});
