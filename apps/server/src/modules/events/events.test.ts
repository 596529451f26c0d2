import { EVENT_KINDS } from '@reformer/domain/events';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, eventDeliveries, eventMessages } from '../../db/schema/index.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { createCustomer, createOrganization, createUser, type TestUser } from '../../test/factories.ts';
import { decodeQuotedPrintable, startLocalSmtpServer } from '../../test/local-smtp-server.ts';
import { recordingMailer } from '../../test/recording-mailer.ts';
import { createStudio, enrollCustomer, type Studio } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { deliver } from './events-delivery.ts';
import { sendDueEvents } from './events-job.ts';
import { smsNotConfigured } from './sms-provider.ts';

let t: TestApp;
let owner: TestUser;
let viewer: TestUser;
let accountant: TestUser;
let outsider: TestUser;
let organizationId: string;
let outsiderOrganizationId: string;
let studio: Studio;

// 20 December 2026, 09:00 in São Paulo (UTC−3): the birthday window reaches into January.
const DECEMBER = new Date('2026-12-20T12:00:00Z');
const CLASS_YEAR = { startDate: '2026-10-05', endDate: '2027-12-29', capacity: 50 };
const outbox: Mailer = {
  isConfigured: false,
  send: async () => {
    throw new Error('not configured');
  },
  health: async () => 'not_configured',
};

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(DECEMBER);
  const created = await createStudio(t, {
    organizationName: 'Studio Flow',
    members: { viewer: 'ORG_VIEWER', accountant: 'ORG_ACCOUNTANT' },
    schedule: CLASS_YEAR,
    plan: { weeklySessionsLimit: null },
  });
  studio = created;
  ({ owner, organizationId } = created);
  ({ viewer, accountant } = created.members);
  outsider = await createUser(t);
  outsiderOrganizationId = (await createOrganization(t, outsider)).id;
});
beforeEach(() => t.setNow(DECEMBER));
afterAll(() => t.close());

const orgPath = (suffix: string, orgId = organizationId) => `/organizations/${orgId}${suffix}`;

let customerNumber = 0;
async function customer(
  fields: { dateOfBirth?: string; email?: string | null; phone?: string | null; firstName?: string },
  orgId = organizationId,
  user = owner,
) {
  customerNumber += 1;
  return createCustomer(t, user, orgId, {
    firstName: fields.firstName ?? 'Cliente',
    lastName: `N${customerNumber}`,
    dateOfBirth: fields.dateOfBirth,
    email: fields.email === undefined ? `cliente${customerNumber}@example.com` : fields.email,
    phone: fields.phone === undefined ? '+5511987654321' : fields.phone,
  });
}

const birthdayConfig = {
  enabled: false,
  timing: 'ON_DAY',
  days: 0,
  sendTime: '08:00',
  channels: ['EMAIL', 'WHATSAPP'],
  template: 'Feliz aniversário, {customerName}!',
};
const reminderConfig = {
  enabled: false,
  timing: 'BEFORE',
  days: 3,
  sendTime: '08:00',
  channels: ['EMAIL'],
  template: 'Olá {customerName}, {planName}: {currency} {amount} vence em {dueDate}.',
  overdueTemplate: 'Olá {customerName}, {planName}: {currency} {amount} venceu em {dueDate}.',
};

async function saveConfig(kind: string, body: object, orgId = organizationId, user = owner) {
  const response = await t.request('PUT', orgPath(`/events/config/${kind}`, orgId), {
    token: user.token,
    body,
  });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

describe('configuration', () => {
  it('round-trips each kind, and starts unsaved and off', async () => {
    const fresh = await t.request('GET', orgPath('/events/config/birthdays'), { token: owner.token });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ kind: 'BIRTHDAY', enabled: false, savedAt: null, template: '' });

    const saved = await saveConfig('birthdays', { ...birthdayConfig, days: 4 });
    expect(saved).toMatchObject({ ...birthdayConfig, kind: 'BIRTHDAY', overdueTemplate: null });
    const read = await t.request('GET', orgPath('/events/config/birthdays'), { token: viewer.token });
    expect(read.body).toEqual(saved);
    expect(read.body.savedAt).toBe(DECEMBER.toISOString());

    const reminder = await saveConfig('payment-reminders', reminderConfig);
    expect(reminder).toMatchObject({ ...reminderConfig, kind: 'PAYMENT_REMINDER' });
  });

  it('refuses unknown placeholders and no channel when enabled, at their fields', async () => {
    const response = await t.request('PUT', orgPath('/events/config/birthdays'), {
      token: owner.token,
      body: { ...birthdayConfig, enabled: true, channels: [], template: 'Oi {planName}' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
    expect(response.body.error.details.map((issue: { path: string }) => issue.path).sort()).toEqual([
      'channels',
      'template',
    ]);
  });

  it('follows the customers for birthdays and the payments for reminders; another organization is 404', async () => {
    const put = (kind: string, user: TestUser, body: object) =>
      t.request('PUT', orgPath(`/events/config/${kind}`), { token: user.token, body });
    expect((await put('birthdays', viewer, birthdayConfig)).status).toBe(403);
    expect(
      (await t.request('GET', orgPath('/events/config/birthdays'), { token: accountant.token })).status,
    ).toBe(403);
    expect((await put('payment-reminders', accountant, reminderConfig)).status).toBe(200);
    expect(
      (await t.request('GET', orgPath('/events/config/payment-reminders'), { token: viewer.token })).status,
    ).toBe(403);
    const foreign = await t.request('GET', orgPath('/events/config/birthdays'), { token: outsider.token });
    expect(foreign.status).toBe(404);
  });
});

describe('upcoming birthdays', () => {
  it('lists the next 30 days across the year end with days until and age, soonest first', async () => {
    const january = await customer({ dateOfBirth: '1990-01-05', firstName: 'Janeiro' });
    const newYearsEve = await customer({ dateOfBirth: '1985-12-31', firstName: 'Reveillon' });
    await customer({ dateOfBirth: '1990-01-20', firstName: 'Tarde' }); // 31 days away
    await customer({ firstName: 'SemData' });
    const response = await t.request('GET', orgPath('/events/birthdays?days=30'), { token: viewer.token });
    expect(response.status, response.text).toBe(200);
    expect(response.body.today).toBe('2026-12-20');
    const mine = response.body.items.filter((item: { customerId: string }) =>
      [january.id, newYearsEve.id].includes(item.customerId),
    );
    expect(mine).toEqual([
      expect.objectContaining({ customerId: newYearsEve.id, birthday: '2026-12-31', daysUntil: 11, age: 41 }),
      expect.objectContaining({
        customerId: january.id,
        birthday: '2027-01-05',
        daysUntil: 16,
        age: 37,
        hasEmail: true,
        whatsAppNumber: '5511987654321',
        sent: null,
      }),
    ]);
    expect(
      response.body.items.some((item: { customerName: string }) => /Tarde|SemData/.test(item.customerName)),
    ).toBe(false);
  });

  it('is refused to a member without the customers (403) and to another organization (404)', async () => {
    expect((await t.request('GET', orgPath('/events/birthdays'), { token: accountant.token })).status).toBe(
      403,
    );
    expect((await t.request('GET', orgPath('/events/birthdays'), { token: outsider.token })).status).toBe(
      404,
    );
    expect((await t.request('GET', orgPath('/events/birthdays?days=0'), { token: owner.token })).status).toBe(
      400,
    );
  });
});

function enroll(customerId: string, startDate: string, enrolledIn = studio) {
  return enrollCustomer(t, enrolledIn, customerId, { startDate, endDate: '2027-12-29' });
}

describe('payment reminders', () => {
  it('lists overdue and upcoming unpaid cycles by the billing rule, with what is left to pay', async () => {
    const payer = await customer({ firstName: 'Pagante' });
    const enrollmentId = await enroll(payer.id, '2026-11-01');
    const paid = await t.request('POST', orgPath('/payments'), {
      token: owner.token,
      body: {
        customerId: payer.id,
        enrollmentId,
        cycleStart: '2026-12-01',
        amountCents: 10_000,
        currency: 'BRL',
        paidOn: '2026-12-02',
        method: 'PIX',
        status: 'COMPLETED',
      },
    });
    expect(paid.status, paid.text).toBe(201);
    const response = await t.request('GET', orgPath('/events/payment-reminders'), {
      token: accountant.token,
    });
    expect(response.status, response.text).toBe(200);
    const mine = response.body.items.filter(
      (item: { enrollmentId: string }) => item.enrollmentId === enrollmentId,
    );
    expect(
      mine.map((item: Record<string, unknown>) => [
        item.dueDate,
        item.amountCents,
        item.daysUntilDue,
        item.isOverdue,
      ]),
    ).toEqual([
      ['2026-11-01', 34_900, -49, true],
      ['2026-12-01', 24_900, -19, true],
      ['2027-01-01', 34_900, 12, false],
    ]);
    expect(mine[0]).toMatchObject({ planName: 'Mensal 2x', currency: 'BRL', customerId: payer.id });
    expect(
      (await t.request('GET', orgPath('/events/payment-reminders'), { token: viewer.token })).status,
    ).toBe(403);
  });

  it('sends the overdue template for an overdue cycle and marks a cycle as sent once', async () => {
    const late = await customer({ firstName: 'Atrasada' });
    const enrollmentId = await enroll(late.id, '2026-12-01');
    const path = orgPath(`/events/payment-reminders/${enrollmentId}`);
    const sent = await t.request('POST', `${path}/send`, {
      token: accountant.token,
      body: { occasionDate: '2026-12-01', channel: 'WHATSAPP' },
    });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body).toMatchObject({ status: 'SENT', kind: 'PAYMENT_REMINDER', channel: 'WHATSAPP' });
    expect(sent.body.body).toBe(
      `Olá Atrasada N${customerNumber}, Mensal 2x: R$ 349,00 venceu em 01/12/2026.`,
    );
    const marked = await t.request('POST', `${path}/sent`, {
      token: accountant.token,
      body: { occasionDate: '2027-01-01' },
    });
    expect(marked.status, marked.text).toBe(201);
    const again = await t.request('POST', `${path}/sent`, {
      token: accountant.token,
      body: { occasionDate: '2027-01-01' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('EVENT_ALREADY_SENT');
    const notACycle = await t.request('POST', `${path}/sent`, {
      token: accountant.token,
      body: { occasionDate: '2027-01-02' },
    });
    expect(notACycle.body.error.code).toBe('EVENT_OCCASION_INVALID');
    const list = await t.request('GET', orgPath('/events/payment-reminders'), { token: accountant.token });
    const rows = list.body.items.filter(
      (item: { enrollmentId: string }) => item.enrollmentId === enrollmentId,
    );
    expect(rows.map((row: { sent: object | null }) => row.sent)).toEqual([
      expect.objectContaining({ source: 'MANUAL', channels: ['WHATSAPP'], byName: expect.any(String) }),
      expect.objectContaining({ source: 'MARKED', channels: [] }),
    ]);
  });
});

describe('sending by hand and marking as sent', () => {
  it('needs a saved configuration, a contact for the channel, and an SMS provider', async () => {
    const other = await createOrganization(t, owner);
    const noConfig = await customer({ dateOfBirth: '1990-12-25' }, other.id);
    const send = (orgId: string, customerId: string, channel: string, occasionDate = '2026-12-25') =>
      t.request('POST', orgPath(`/events/birthdays/${customerId}/send`, orgId), {
        token: owner.token,
        body: { occasionDate, channel },
      });
    expect((await send(other.id, noConfig.id, 'WHATSAPP')).body.error.code).toBe('EVENT_NOT_CONFIGURED');

    const noContact = await customer({ dateOfBirth: '1990-12-25', email: null, phone: null });
    const noEmail = await send(organizationId, noContact.id, 'EMAIL');
    expect([noEmail.status, noEmail.body.error.code]).toEqual([409, 'EVENT_RECIPIENT_MISSING']);
    const sms = await send(organizationId, (await customer({ dateOfBirth: '1990-12-25' })).id, 'SMS');
    expect([sms.status, sms.body.error.code, sms.body.error.message]).toEqual([
      409,
      'EVENT_CHANNEL_NOT_CONFIGURED',
      'Sending by SMS is not configured.',
    ]);
    expect((await send(organizationId, noContact.id, 'EMAIL', '2026-12-24')).body.error.code).toBe(
      'EVENT_OCCASION_INVALID',
    );
    expect((await send(organizationId, noConfig.id, 'WHATSAPP')).status).toBe(404);
  });

  it('opens WhatsApp with the rendered message to the international number, once per birthday', async () => {
    const ana = await customer({ dateOfBirth: '1990-12-22', firstName: 'Ana', phone: '(11) 91234-5678' });
    const path = orgPath(`/events/birthdays/${ana.id}`);
    const sent = await t.request('POST', `${path}/send`, {
      token: owner.token,
      body: { occasionDate: '2026-12-22', channel: 'WHATSAPP' },
    });
    expect(sent.status, sent.text).toBe(201);
    const text = `Feliz aniversário, Ana N${customerNumber}!`;
    expect(sent.body).toMatchObject({
      status: 'SENT',
      channel: 'WHATSAPP',
      recipient: '5511912345678',
      body: text,
      link: `https://wa.me/5511912345678?text=${encodeURIComponent(text)}`,
      source: 'MANUAL',
    });
    const twice = await t.request('POST', `${path}/send`, {
      token: owner.token,
      body: { occasionDate: '2026-12-22', channel: 'WHATSAPP' },
    });
    expect([twice.status, twice.body.error.code]).toEqual([409, 'EVENT_ALREADY_SENT']);
    expect(
      (await t.request('POST', `${path}/sent`, { token: viewer.token, body: { occasionDate: '2026-12-22' } }))
        .status,
    ).toBe(403);
    const foreign = await t.request(
      'POST',
      orgPath(`/events/birthdays/${ana.id}/sent`, outsiderOrganizationId),
      {
        token: outsider.token,
        body: { occasionDate: '2026-12-22' },
      },
    );
    expect(foreign.status).toBe(404);
  });

  it('lists what was sent on the customer', async () => {
    const bia = await customer({ dateOfBirth: '1990-12-28', firstName: 'Bia' });
    const sent = await t.request('POST', orgPath(`/events/birthdays/${bia.id}/send`), {
      token: owner.token,
      body: { occasionDate: '2026-12-28', channel: 'WHATSAPP' },
    });
    expect(sent.body).toMatchObject({ status: 'SENT', recipient: '5511987654321' });

    const history = await t.request('GET', orgPath(`/customers/${bia.id}/event-messages`), {
      token: viewer.token,
    });
    expect(history.status).toBe(200);
    expect(history.body.items).toEqual([
      expect.objectContaining({ kind: 'BIRTHDAY', channel: 'WHATSAPP', status: 'SENT', source: 'MANUAL' }),
    ]);
    expect(history.body.items[0].byName).toBeTruthy();
    const foreign = await t.request(
      'GET',
      orgPath(`/customers/${bia.id}/event-messages`, outsiderOrganizationId),
      {
        token: outsider.token,
      },
    );
    expect(foreign.status).toBe(404);

    // A purge (LGPD) takes the messages and what was sent when with the rest of the personal data.
    const purged = await t.request('POST', orgPath(`/customers/${bia.id}/purge`), {
      token: owner.token,
      body: {},
    });
    expect(purged.status).toBe(204);
    const [left] = await t.db
      .select({ value: count() })
      .from(eventMessages)
      .where(eq(eventMessages.customerId, bia.id));
    expect(left?.value).toBe(0);
    expect(
      (await t.request('GET', orgPath(`/customers/${bia.id}/event-messages`), { token: owner.token })).body
        .items,
    ).toEqual([]);
  });
});

/** The job's own organization sending birthday messages, so counts are not mixed with the tests above. */
async function jobOrganization(config: object) {
  const organization = await createOrganization(t, owner);
  await saveConfig('birthdays', config, organization.id);
  return organization.id;
}

/** The same for payment reminders: a studio of its own, whose customers pay for `planName`. */
async function remindingStudio(config: object, planName: string) {
  const plan = { weeklySessionsLimit: null, name: planName };
  const reminding = await createStudio(t, { owner, schedule: CLASS_YEAR, plan });
  await saveConfig('payment-reminders', config, reminding.organizationId);
  return reminding;
}

/** Claims of birthdays and payment reminders: an enrolled customer's class reminders (decision 050) are not these. */
async function deliveriesOf(orgId: string) {
  const [row] = await t.db
    .select({ value: count() })
    .from(eventDeliveries)
    .where(and(eq(eventDeliveries.organizationId, orgId), inArray(eventDeliveries.kind, [...EVENT_KINDS])));
  return row?.value ?? 0;
}

async function duplicateOccasions(orgId: string) {
  const rows = await t.db
    .select({ customerId: eventDeliveries.customerId, occasion: eventDeliveries.occasion, value: count() })
    .from(eventDeliveries)
    .where(eq(eventDeliveries.organizationId, orgId))
    .groupBy(eventDeliveries.customerId, eventDeliveries.occasion, eventDeliveries.channel);
  return rows.filter((row) => row.value > 1).length;
}

// 15 January 2027 in São Paulo: 07:59 and 08:05 local.
const BEFORE_EIGHT = new Date('2027-01-15T10:59:00Z');
const AFTER_EIGHT = new Date('2027-01-15T11:05:00Z');
const senders = (mailer: Mailer = outbox) => ({ mailer, sms: smsNotConfigured });

describe('the daily job', () => {
  it('sends at the local time, once per channel that can take it, and not again on a second run', async () => {
    const orgId = await jobOrganization({
      ...birthdayConfig,
      enabled: true,
      channels: ['EMAIL', 'WHATSAPP', 'SMS'],
    });
    for (let index = 0; index < 3; index += 1) await customer({ dateOfBirth: '1991-01-15' }, orgId);
    await customer({ dateOfBirth: '1991-01-16' }, orgId);
    await sendDueEvents(t.db, senders(), BEFORE_EIGHT);
    expect(await deliveriesOf(orgId)).toBe(0);
    await sendDueEvents(t.db, senders(), AFTER_EIGHT);
    await sendDueEvents(t.db, senders(), AFTER_EIGHT);
    // One claim per customer and channel; SMS, without a provider, claims nothing (decision 032).
    expect(await deliveriesOf(orgId)).toBe(6);
    const statuses = await t.db
      .select({ channel: eventMessages.channel, status: eventMessages.status, value: count() })
      .from(eventMessages)
      .where(eq(eventMessages.organizationId, orgId))
      .groupBy(eventMessages.channel, eventMessages.status);
    expect(statuses.sort((a, b) => String(a.channel).localeCompare(String(b.channel)))).toEqual([
      { channel: 'EMAIL', status: 'OUTBOX', value: 3 },
      { channel: 'WHATSAPP', status: 'OUTBOX', value: 3 },
    ]);
  });

  it('sends once when two workers run at the same moment (0 duplicates)', async () => {
    const orgId = await jobOrganization({ ...birthdayConfig, enabled: true });
    const addresses: string[] = [];
    for (let index = 0; index < 8; index += 1) {
      await customer({ dateOfBirth: '1992-01-15' }, orgId);
      addresses.push(`cliente${customerNumber}@example.com`);
    }
    // A real send call per e-mail, held a moment as SMTP would be, so the two runs overlap.
    const { mailer, sent } = recordingMailer({ delayMs: 20 });
    const runs = await Promise.all([
      sendDueEvents(t.db, senders(mailer), AFTER_EIGHT),
      sendDueEvents(t.db, senders(mailer), AFTER_EIGHT),
    ]);
    const mine = sent.map((mail) => mail.to).filter((to) => addresses.includes(to));
    expect(mine.sort()).toEqual([...addresses].sort());
    expect(sent).toHaveLength(8);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(8);
    expect(await deliveriesOf(orgId)).toBe(16);
    expect(await duplicateOccasions(orgId)).toBe(0);
  });

  it('claims nothing when no channel can take the message, so the row is not sent and a member can send it', async () => {
    const orgId = await jobOrganization({ ...birthdayConfig, enabled: true, channels: ['EMAIL'] });
    const noEmail = await customer({ dateOfBirth: '1994-01-20', email: null }, orgId);
    const january20 = new Date('2027-01-20T11:05:00Z');
    const run = await sendDueEvents(t.db, senders(recordingMailer().mailer), january20);
    expect(run).toEqual({ sent: 0, alreadyClaimed: 0, undeliverable: 1, failed: 0 });
    expect(await deliveriesOf(orgId)).toBe(0);
    // Not a failure: the day is done, and the next run does not try again.
    const next = await sendDueEvents(t.db, senders(), new Date(january20.getTime() + 5 * 60_000));
    expect(next.undeliverable).toBe(0);

    t.setNow(january20);
    const list = await t.request('GET', orgPath('/events/birthdays', orgId), { token: owner.token });
    expect(list.body.items).toEqual([expect.objectContaining({ customerId: noEmail.id, sent: null })]);
    const byHand = await t.request('POST', orgPath(`/events/birthdays/${noEmail.id}/send`, orgId), {
      token: owner.token,
      body: { occasionDate: '2027-01-20', channel: 'WHATSAPP' },
    });
    expect(byHand.status, byHand.text).toBe(201);
    expect(byHand.body).toMatchObject({ status: 'SENT', channel: 'WHATSAPP', source: 'MANUAL' });
  });

  it('takes up an interrupted run where it stopped (0 missed, 0 duplicates)', async () => {
    const orgId = await jobOrganization({ ...birthdayConfig, enabled: true, channels: ['EMAIL'] });
    for (let index = 0; index < 5; index += 1) await customer({ dateOfBirth: '1993-01-15' }, orgId);
    const delivered: string[] = [];
    let calls = 0;
    const flaky: Mailer = {
      isConfigured: true,
      send: async (mail) => {
        calls += 1;
        if (calls === 3) throw new Error('connection lost');
        delivered.push(mail.to);
      },
      health: async () => 'healthy',
    };
    await expect(sendDueEvents(t.db, senders(flaky), AFTER_EIGHT)).rejects.toThrow(/failed/);
    const mine = delivered.filter((to) => to.includes('cliente'));
    expect(await deliveriesOf(orgId)).toBe(4);
    await sendDueEvents(t.db, senders(flaky), new Date(AFTER_EIGHT.getTime() + 5 * 60_000));
    expect(await deliveriesOf(orgId)).toBe(5);
    expect(await duplicateOccasions(orgId)).toBe(0);
    expect(new Set(delivered).size).toBe(delivered.length);
    expect(delivered.length).toBe(mine.length + 1);
  });

  it('greets a customer born on 29 February on 28 February of a common year, and only her', async () => {
    const orgId = await jobOrganization({ ...birthdayConfig, enabled: true, channels: ['EMAIL'] });
    const leapling = await customer({ dateOfBirth: '2000-02-29' }, orgId);
    await customer({ dateOfBirth: '2000-02-27' }, orgId);
    await customer({ dateOfBirth: '2000-03-01' }, orgId);
    await sendDueEvents(t.db, senders(), new Date('2027-02-28T11:05:00Z'));
    const sent = await t.db
      .select({ customerId: eventDeliveries.customerId, occasion: eventDeliveries.occasion })
      .from(eventDeliveries)
      .where(eq(eventDeliveries.organizationId, orgId));
    expect(sent).toEqual([{ customerId: leapling.id, occasion: '2027-02-28' }]);
  });

  it('sends a reminder days after the due date with the overdue template', async () => {
    const reminding = await remindingStudio(
      { ...reminderConfig, enabled: true, timing: 'AFTER', days: 2, channels: ['EMAIL'] },
      'Trimestral',
    );
    const orgId = reminding.organizationId;
    const debtor = await customer({ firstName: 'Devedora' }, orgId);
    await enroll(debtor.id, '2026-12-13', reminding);
    // 15 January is 2 days after the cycle due on 13 January.
    await sendDueEvents(t.db, senders(), AFTER_EIGHT);
    const messages = await t.db
      .select({ body: eventMessages.body })
      .from(eventMessages)
      .where(and(eq(eventMessages.organizationId, orgId), eq(eventMessages.customerId, debtor.id)));
    expect(messages.map((message) => message.body)).toEqual([
      `Olá Devedora N${customerNumber}, Trimestral: R$ 349,00 venceu em 13/01/2027.`,
    ]);
  });

  it('waits for a Saturday’s cycle to be overdue: "1 day after" goes out on Tuesday, not Sunday (decision 035)', async () => {
    const reminding = await remindingStudio(
      { ...reminderConfig, enabled: true, timing: 'AFTER', days: 1, channels: ['EMAIL'] },
      'Mensal',
    );
    const orgId = reminding.organizationId;
    const debtor = await customer({ firstName: 'Sabrina' }, orgId);
    await enroll(debtor.id, '2027-01-16', reminding);
    const listed = async (day: string) => {
      t.setNow(new Date(`${day}T11:05:00Z`));
      const list = await t.request('GET', orgPath('/events/payment-reminders', orgId), {
        token: owner.token,
      });
      const items = list.body.items as { dueDate: string; isOverdue: boolean }[];
      return items.filter((item) => item.dueDate === '2027-01-16').map((item) => item.isOverdue);
    };
    // Sunday and Monday: still payable, nothing goes out and the list does not call it overdue.
    for (const day of ['2027-01-17', '2027-01-18']) {
      await sendDueEvents(t.db, senders(), new Date(`${day}T11:05:00Z`));
      expect(await deliveriesOf(orgId), day).toBe(0);
      expect(await listed(day), day).toEqual([false]);
    }
    await sendDueEvents(t.db, senders(), new Date('2027-01-19T11:05:00Z'));
    expect(await listed('2027-01-19')).toEqual([true]);
    const messages = await t.db
      .select({ body: eventMessages.body })
      .from(eventMessages)
      .where(
        and(
          eq(eventMessages.organizationId, orgId),
          eq(eventMessages.customerId, debtor.id),
          eq(eventMessages.kind, 'PAYMENT_REMINDER'),
        ),
      );
    expect(messages.map((message) => message.body)).toEqual([
      `Olá Sabrina N${customerNumber}, Mensal: R$ 349,00 venceu em 16/01/2027.`,
    ]);
  });
});

describe('a message of the outbox sent by a member', () => {
  it('marks an automatic WhatsApp message SENT once, audits who and when, and takes it off the outbox', async () => {
    const orgId = await jobOrganization({ ...birthdayConfig, enabled: true, channels: ['WHATSAPP'] });
    const guest = await customer({ dateOfBirth: '1995-01-25' }, orgId);
    await sendDueEvents(t.db, senders(), new Date('2027-01-25T11:05:00Z'));
    const outboxPath = orgPath('/events/birthdays/outbox', orgId);
    const [message] = (await t.request('GET', outboxPath, { token: owner.token })).body.items;
    expect(message).toMatchObject({ customerId: guest.id, channel: 'WHATSAPP', status: 'OUTBOX' });

    const path = orgPath(`/events/messages/${message.id}/sent`, orgId);
    expect((await t.request('POST', path, { token: outsider.token })).status).toBe(404);
    const opened = new Date('2027-01-25T13:00:00Z');
    t.setNow(opened);
    const marked = await t.request('POST', path, { token: owner.token });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body).toMatchObject({ id: message.id, status: 'SENT', link: message.link });
    expect((await t.request('GET', outboxPath, { token: owner.token })).body.items).toEqual([]);
    const audit = await t.db
      .select({ actorId: auditLog.actorId, action: auditLog.action, at: auditLog.at })
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, orgId), eq(auditLog.entityId, message.id)));
    expect(audit).toEqual([{ actorId: owner.id, action: 'event_message.sent', at: opened }]);

    const again = await t.request('POST', path, { token: owner.token });
    expect([again.status, again.body.error.code]).toEqual([409, 'EVENT_MESSAGE_NOT_IN_OUTBOX']);
    const unknown = await t.request('POST', orgPath('/events/messages/not-an-id/sent', orgId), {
      token: owner.token,
    });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'EVENT_MESSAGE_NOT_FOUND']);
  });

  it('needs the permission to send its kind; a member who may not see the kind gets 404', async () => {
    const cora = await customer({ dateOfBirth: '1990-12-27', firstName: 'Cora' });
    const enrollmentId = await enroll(cora.id, '2026-12-01');
    // Only the job leaves e-mails in the outbox (a Send by hand without SMTP is refused).
    const queued = async (kind: 'BIRTHDAY' | 'PAYMENT_REMINDER', occasion: string) => {
      const delivery = await deliver(
        t.db,
        {
          organizationId,
          organizationName: 'Studio Flow',
          kind,
          occasion,
          occasionDate: '2026-12-27',
          enrollmentId: kind === 'BIRTHDAY' ? null : enrollmentId,
          customer: {
            customerId: cora.id,
            customerName: 'Cora',
            email: 'cora@example.com',
            phone: null,
            country: 'BR',
          },
          text: 'Olá',
        },
        ['EMAIL'],
        { source: 'AUTOMATIC', actorId: null, at: DECEMBER },
        senders(),
      );
      if (delivery.outcome !== 'DELIVERED') throw new Error(delivery.outcome);
      return delivery.messageIds[0] ?? '';
    };
    const greeting = await queued('BIRTHDAY', '2026-12-27');
    const reminder = await queued('PAYMENT_REMINDER', `${enrollmentId}:2026-12-01`);
    const mark = (id: string, user: TestUser) =>
      t.request('POST', orgPath(`/events/messages/${id}/sent`), { token: user.token });

    expect((await mark(greeting, viewer)).status).toBe(403);
    expect((await mark(greeting, accountant)).body.error.code).toBe('EVENT_MESSAGE_NOT_FOUND');
    expect((await mark(reminder, viewer)).body.error.code).toBe('EVENT_MESSAGE_NOT_FOUND');
    expect((await mark(reminder, accountant)).status).toBe(200);
    expect((await mark(greeting, owner)).status).toBe(200);
  });
});

/** For a test app of its own (another mailer): a user whose studio has saved its birthday message. */
async function studioWithBirthdays(app: TestApp, template: string) {
  app.setNow(DECEMBER);
  const boss = await createUser(app);
  const orgId = (await createOrganization(app, boss, 'Studio Mail')).id;
  const put = await app.request('PUT', `/organizations/${orgId}/events/config/birthdays`, {
    token: boss.token,
    body: { ...birthdayConfig, template },
  });
  expect(put.status, put.text).toBe(200);
  return { boss, orgId };
}

describe('sending by hand when something breaks', () => {
  it('answers 503 EVENT_EMAIL_FAILED for the SMTP server only; a database failure stays a 500', async () => {
    const unreachable: Mailer = {
      isConfigured: true,
      send: async () => {
        throw new Error('connect ECONNREFUSED');
      },
      health: async () => 'unhealthy',
    };
    const app = await createTestApp({}, { mailer: unreachable });
    try {
      const { boss, orgId } = await studioWithBirthdays(app, birthdayConfig.template);
      const dora = await createCustomer(app, boss, orgId, {
        firstName: 'Dora',
        lastName: 'Falha',
        email: 'dora@example.com',
        phone: '+5511987654321',
        dateOfBirth: '1990-12-26',
      });
      const send = (channel: string) =>
        app.request('POST', `/organizations/${orgId}/events/birthdays/${dora.id}/send`, {
          token: boss.token,
          body: { occasionDate: '2026-12-26', channel },
        });
      const email = await send('EMAIL');
      expect([email.status, email.body.error.code]).toEqual([503, 'EVENT_EMAIL_FAILED']);

      // A database failure inside the claim (a trigger refusing the message row) is not the e-mail's.
      await app.db.execute(sql`create function refuse_event_message() returns trigger language plpgsql
        as $$ begin raise exception 'disk full'; end $$`);
      await app.db.execute(sql`create trigger refuse_event_message before insert on event_messages
        for each row execute function refuse_event_message()`);
      const whatsApp = await send('WHATSAPP');
      expect([whatsApp.status, whatsApp.body.error.code]).toEqual([500, 'INTERNAL_ERROR']);
    } finally {
      await app.close();
    }
  });
});

describe('e-mail through SMTP', () => {
  it('is received by a local SMTP server with the right text, HTML-escaped', async () => {
    const smtp = await startLocalSmtpServer();
    const mailApp = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Studio <studio@example.com>' });
    try {
      const template = 'Feliz aniversário, {customerName}! <3 & abraços';
      const { boss, orgId } = await studioWithBirthdays(mailApp, template);
      const guest = await createCustomer(mailApp, boss, orgId, {
        firstName: 'Léa',
        lastName: '<b>Bold</b>',
        email: 'lea@example.com',
        dateOfBirth: '1990-12-24',
      });
      const sent = await mailApp.request(
        'POST',
        `/organizations/${orgId}/events/birthdays/${guest.id}/send`,
        {
          token: boss.token,
          body: { occasionDate: '2026-12-24', channel: 'EMAIL' },
        },
      );
      expect(sent.status, sent.text).toBe(201);
      expect(sent.body.status).toBe('SENT');
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail?.to).toEqual(['<lea@example.com>']);
      const decoded = decodeQuotedPrintable(mail?.data ?? '');
      expect(decoded).toContain('Feliz aniversário, Léa <b>Bold</b>! <3 & abraços');
      expect(decoded).toContain('Feliz aniversário, Léa &lt;b&gt;Bold&lt;/b&gt;! &lt;3 &amp; abraços');
      expect(decoded).not.toContain('<b>Bold</b>!</p>');
    } finally {
      await mailApp.close();
      await smtp.close();
    }
  });
});
