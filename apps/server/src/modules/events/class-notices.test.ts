import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventDeliveries, eventMessages } from '../../db/schema/index.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { createOrganization, createUser, type TestUser } from '../../test/factories.ts';
import { recordingMailer } from '../../test/recording-mailer.ts';
import { addCustomer, addSchedule, createStudio, enrollCustomer, type Studio } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { queueClassChangeNotices } from './class-change-notices.ts';
import { sendDueEvents } from './events-job.ts';
import { smsNotConfigured } from './sms-provider.ts';

let t: TestApp;
let studio: Studio;
let owner: TestUser;
let viewer: TestUser;
let accountant: TestUser;
let outsider: TestUser;

// Friday 5 March 2027, 09:00 in São Paulo (UTC−3). The class runs Mondays and Wednesdays at 07:00 (10:00 UTC).
const FRIDAY = new Date('2027-03-05T12:00:00Z');
// Sunday 7 March, 07:30 in São Paulo: Monday's 07:00 class is 23.5 hours away.
const SUNDAY = new Date('2027-03-07T10:30:00Z');
const outbox: Mailer = {
  isConfigured: false,
  send: async () => {
    throw new Error('not configured');
  },
  health: async () => 'not_configured',
};
const senders = (mailer: Mailer = outbox) => ({ mailer, sms: smsNotConfigured });

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(FRIDAY);
  const created = await createStudio(t, {
    organizationName: 'Studio Aviso',
    members: { viewer: 'ORG_VIEWER', accountant: 'ORG_ACCOUNTANT' },
  });
  studio = created;
  ({ owner } = created);
  ({ viewer, accountant } = created.members);
  outsider = await createUser(t);
  await createOrganization(t, outsider);
});
beforeEach(() => t.setNow(FRIDAY));
afterAll(() => t.close());

const orgPath = (suffix: string) => `/organizations/${studio.organizationId}${suffix}`;
const settingsPath = '/events/config/class-notices';

async function saveSettings(body: Record<string, unknown>) {
  const saved = await t.request('PUT', orgPath(settingsPath), { token: owner.token, body });
  expect(saved.status, saved.text).toBe(200);
}

type SessionItem = { id: string; date: string; startTime: string; startsAt: string };

async function sessionOn(scheduleId: string, date: string): Promise<SessionItem> {
  const listed = await t.request(
    'GET',
    orgPath(`/sessions?from=${date}&to=${date}&scheduleId=${scheduleId}`),
    {
      token: owner.token,
    },
  );
  expect(listed.status, listed.text).toBe(200);
  const [session] = listed.body.items;
  if (!session) throw new Error(`no session of ${scheduleId} on ${date}`);
  return session;
}

/**
 * A class of its own with three customers on Monday 8 March's roster: one enrolled, one enrolled who
 * cancelled that place, and one added for a trial class.
 */
let classNumber = 0;
async function classWithRoster(name: string) {
  classNumber += 1;
  const schedule = await addSchedule(t, studio, { name });
  const enrolled = await addCustomer(t, studio, {
    firstName: 'Ana',
    email: `ana${classNumber}@example.com`,
    phone: `+5511987651${String(classNumber).padStart(3, '0')}`,
  });
  const cancelled = await addCustomer(t, studio, {
    firstName: 'Bia',
    email: `bia${classNumber}@example.com`,
    phone: `+5511987652${String(classNumber).padStart(3, '0')}`,
  });
  const makeUp = await addCustomer(t, studio, {
    firstName: 'Caio',
    email: `caio${classNumber}@example.com`,
    phone: `+5511987653${String(classNumber).padStart(3, '0')}`,
  });
  for (const customer of [enrolled, cancelled])
    await enrollCustomer(t, studio, customer.id, { startDate: '2027-03-01', scheduleId: schedule.id });
  const monday = await sessionOn(schedule.id, '2027-03-08');
  const dropped = await t.request('PUT', orgPath(`/sessions/${monday.id}/attendance/${cancelled.id}`), {
    token: owner.token,
    body: { status: 'CANCELED' },
  });
  expect(dropped.status, dropped.text).toBe(200);
  const added = await t.request('POST', orgPath(`/sessions/${monday.id}/customers`), {
    token: owner.token,
    body: { customerIds: [makeUp.id], reason: 'TRIAL_CLASS' },
  });
  expect(added.status, added.text).toBe(201);
  return { scheduleId: schedule.id, monday, told: [enrolled.id, makeUp.id].sort(), cancelled: cancelled.id };
}

/** The messages of a kind about one session (its occasions name it), oldest first. */
async function messagesAbout(sessionId: string, kind: 'CLASS_REMINDER' | 'CLASS_CHANGED') {
  return t.db
    .select({
      customerId: eventMessages.customerId,
      occasion: eventDeliveries.occasion,
      channel: eventMessages.channel,
      status: eventMessages.status,
      body: eventMessages.body,
    })
    .from(eventMessages)
    .innerJoin(
      eventDeliveries,
      and(
        eq(eventDeliveries.organizationId, eventMessages.organizationId),
        eq(eventDeliveries.id, eventMessages.deliveryId),
      ),
    )
    .where(
      and(
        eq(eventMessages.organizationId, studio.organizationId),
        eq(eventMessages.kind, kind),
        like(eventDeliveries.occasion, `%${sessionId}%`),
      ),
    )
    .orderBy(eventMessages.createdAt, eventMessages.customerId, eventMessages.channel);
}

const customersOf = (rows: { customerId: string }[]) =>
  [...new Set(rows.map((row) => row.customerId))].sort();

describe('class notice settings', () => {
  it('reads the defaults before anything is saved, to every member', async () => {
    const read = await t.request('GET', orgPath(settingsPath), { token: viewer.token });
    expect(read.status, read.text).toBe(200);
    expect(read.body).toEqual({
      reminderHours: 24,
      reminderChannels: ['EMAIL'],
      changeNoticeEnabled: true,
      changeChannels: ['EMAIL', 'WHATSAPP'],
      savedAt: null,
    });
  });

  it('are changed with MANAGE_SETTINGS only, validated, and hidden from other organizations', async () => {
    const body = {
      reminderHours: 2,
      reminderChannels: ['WHATSAPP'],
      changeNoticeEnabled: false,
      changeChannels: [],
    };
    const refused = await t.request('PUT', orgPath(settingsPath), { token: viewer.token, body });
    expect(refused.status).toBe(403);
    const invalid = await t.request('PUT', orgPath(settingsPath), {
      token: owner.token,
      body: { ...body, reminderHours: 49, changeNoticeEnabled: true },
    });
    expect(invalid.status).toBe(400);
    const paths = invalid.body.error.details.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['reminderHours', 'changeChannels']));
    for (const request of [
      t.request('GET', orgPath(settingsPath), { token: outsider.token }),
      t.request('PUT', orgPath(settingsPath), { token: outsider.token, body }),
      t.request('GET', orgPath('/events/class-notices/outbox'), { token: outsider.token }),
    ])
      expect((await request).status).toBe(404);
    const saved = await t.request('PUT', orgPath(settingsPath), { token: owner.token, body });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ ...body, savedAt: FRIDAY.toISOString() });
    // Back to what the other tests expect.
    await saveSettings({
      reminderHours: 24,
      reminderChannels: ['EMAIL', 'WHATSAPP'],
      changeNoticeEnabled: true,
      changeChannels: ['EMAIL', 'WHATSAPP'],
    });
  });
});

describe('class reminders', () => {
  it('go once to everyone booked, even when the job runs twice at once, and not to a cancelled place', async () => {
    const { monday, told, scheduleId } = await classWithRoster('Lembrete');
    const { mailer, sent } = recordingMailer({ delayMs: 10 });
    await Promise.all([
      sendDueEvents(t.db, senders(mailer), SUNDAY),
      sendDueEvents(t.db, senders(mailer), SUNDAY),
    ]);
    await sendDueEvents(t.db, senders(mailer), new Date(SUNDAY.getTime() + 5 * 60_000));
    const reminders = await messagesAbout(monday.id, 'CLASS_REMINDER');
    expect(customersOf(reminders)).toEqual(told);
    expect(reminders.map((row) => `${row.channel} ${row.status}`).sort()).toEqual([
      'EMAIL SENT',
      'EMAIL SENT',
      'WHATSAPP OUTBOX',
      'WHATSAPP OUTBOX',
    ]);
    expect(
      sent
        .filter((mail) => mail.text.includes('Lembrete'))
        .map((mail) => mail.to)
        .sort(),
    ).toEqual([`ana${classNumber}@example.com`, `caio${classNumber}@example.com`]);
    expect(reminders[0]?.body).toContain('Lembrete em Centro: segunda-feira, 08/03, às 07:00');
    // Wednesday's class is 71.5 hours away: not yet.
    const wednesday = await sessionOn(scheduleId, '2027-03-10');
    expect(await messagesAbout(wednesday.id, 'CLASS_REMINDER')).toEqual([]);
  });

  it('go again for the new time of a moved session, and never for a cancelled session', async () => {
    const moving = await classWithRoster('Remarcada');
    await t.request('PUT', orgPath(`/sessions/${moving.monday.id}`), {
      token: owner.token,
      body: { date: '2027-03-08', startTime: '07:15', endTime: '08:15' },
    });
    const cancelled = await classWithRoster('Cancelada');
    const off = await t.request('PUT', orgPath(`/schedules/${cancelled.scheduleId}/active`), {
      token: owner.token,
      body: { isActive: false },
    });
    expect(off.status, off.text).toBe(200);
    await sendDueEvents(t.db, senders(), SUNDAY);
    expect(await messagesAbout(cancelled.monday.id, 'CLASS_REMINDER')).toEqual([]);
    const first = await messagesAbout(moving.monday.id, 'CLASS_REMINDER');
    expect(customersOf(first)).toEqual(moving.told);
    t.setNow(SUNDAY);
    const movedAgain = await t.request('PUT', orgPath(`/sessions/${moving.monday.id}`), {
      token: owner.token,
      body: { date: '2027-03-08', startTime: '07:20', endTime: '08:20' },
    });
    expect(movedAgain.status, movedAgain.text).toBe(200);
    await sendDueEvents(t.db, senders(), new Date(SUNDAY.getTime() + 5 * 60_000));
    const reminders = await messagesAbout(moving.monday.id, 'CLASS_REMINDER');
    expect(new Set(reminders.map((row) => row.occasion)).size).toBe(2);
    expect(reminders.filter((row) => row.body?.includes('às 07:20'))).toHaveLength(4);
  });
});

describe('notices of a moved or cancelled session', () => {
  it('a move queues one notice per roster member and channel, with the old and the new time', async () => {
    const { monday, told, cancelled } = await classWithRoster('Mudou');
    const move = (startTime: string, endTime: string) =>
      t.request('PUT', orgPath(`/sessions/${monday.id}`), {
        token: owner.token,
        body: { date: '2027-03-09', startTime, endTime },
      });
    expect((await move('18:00', '19:00')).status).toBe(200);
    const notices = await messagesAbout(monday.id, 'CLASS_CHANGED');
    expect(customersOf(notices)).toEqual(told);
    expect(customersOf(notices)).not.toContain(cancelled);
    expect(notices.map((row) => `${row.channel} ${row.status}`).sort()).toEqual([
      'EMAIL OUTBOX',
      'EMAIL OUTBOX',
      'WHATSAPP OUTBOX',
      'WHATSAPP OUTBOX',
    ]);
    expect(notices[0]?.body).toContain(
      'era segunda-feira, 08/03, às 07:00, e agora é terça-feira, 09/03, às 18:00',
    );
    // The same slot again (a double click) tells no one; another move is a second notice.
    expect((await move('18:00', '19:00')).status).toBe(200);
    expect(await messagesAbout(monday.id, 'CLASS_CHANGED')).toHaveLength(4);
    expect((await move('19:00', '20:00')).status).toBe(200);
    const twice = await messagesAbout(monday.id, 'CLASS_CHANGED');
    expect(twice).toHaveLength(8);
    expect(new Set(twice.map((row) => row.occasion)).size).toBe(2);
  });

  it('a refused move and a rolled-back transaction tell no one', async () => {
    const { monday } = await classWithRoster('Recusada');
    const refused = await t.request('PUT', orgPath(`/sessions/${monday.id}`), {
      token: owner.token,
      body: { date: '2027-03-01', startTime: '07:00', endTime: '08:00' },
    });
    expect(refused.status).toBe(409);
    const change = {
      sessionId: monday.id,
      kind: 'MOVED' as const,
      previousStartsAt: new Date(monday.startsAt),
    };
    const startsAt = new Date('2027-03-09T21:00:00Z');
    await expect(
      t.db.transaction(async (tx) => {
        const queued = await queueClassChangeNotices(tx, {
          organizationId: studio.organizationId,
          changes: [{ ...change, startsAt }],
          now: FRIDAY,
        });
        expect(queued).toBe(2);
        throw new Error('the move failed after the notices were queued');
      }),
    ).rejects.toThrow('the move failed');
    expect(await messagesAbout(monday.id, 'CLASS_CHANGED')).toEqual([]);
  });

  it('deactivating a schedule tells the rosters of its sessions of the coming week only, and reactivating it tells them it is back', async () => {
    const { scheduleId, monday, told } = await classWithRoster('Encerrada');
    const off = await t.request('PUT', orgPath(`/schedules/${scheduleId}/active`), {
      token: owner.token,
      body: { isActive: false },
    });
    expect(off.status, off.text).toBe(200);
    const notices = await messagesAbout(monday.id, 'CLASS_CHANGED');
    expect(customersOf(notices)).toEqual(told);
    expect(notices[0]?.body).toContain('segunda-feira, 08/03, às 07:00, foi cancelada');
    // Wednesday 10 March is within the week (its roster: the two enrolled); Monday 15 March is not.
    expect(await messagesAbout((await sessionOn(scheduleId, '2027-03-10')).id, 'CLASS_CHANGED')).toHaveLength(
      4,
    );
    expect(await messagesAbout((await sessionOn(scheduleId, '2027-03-15')).id, 'CLASS_CHANGED')).toEqual([]);

    // Switched on again, the same rosters hear the class is back on — each once, however often it is saved.
    for (const attempt of [1, 2]) {
      const on = await t.request('PUT', orgPath(`/schedules/${scheduleId}/active`), {
        token: owner.token,
        body: { isActive: true },
      });
      expect(on.status, `attempt ${attempt}: ${on.text}`).toBe(200);
    }
    const afterwards = await messagesAbout(monday.id, 'CLASS_CHANGED');
    expect(afterwards).toHaveLength(notices.length * 2);
    const restored = afterwards.filter((message) => message.body?.includes('vai acontecer'));
    expect(customersOf(restored)).toEqual(told);
    expect(restored[0]?.body).toContain(
      'segunda-feira, 08/03, às 07:00, que tinha sido cancelada, vai acontecer',
    );
    expect(await messagesAbout((await sessionOn(scheduleId, '2027-03-15')).id, 'CLASS_CHANGED')).toEqual([]);
  });

  it('are not queued when the studio turned them off', async () => {
    await saveSettings({
      reminderHours: 0,
      reminderChannels: [],
      changeNoticeEnabled: false,
      changeChannels: [],
    });
    try {
      const { monday } = await classWithRoster('Silenciosa');
      const moved = await t.request('PUT', orgPath(`/sessions/${monday.id}`), {
        token: owner.token,
        body: { date: '2027-03-09', startTime: '07:00', endTime: '08:00' },
      });
      expect(moved.status).toBe(200);
      expect(await messagesAbout(monday.id, 'CLASS_CHANGED')).toEqual([]);
      await sendDueEvents(t.db, senders(), SUNDAY);
      expect(await messagesAbout(monday.id, 'CLASS_REMINDER')).toEqual([]);
    } finally {
      await saveSettings({
        reminderHours: 24,
        reminderChannels: ['EMAIL', 'WHATSAPP'],
        changeNoticeEnabled: true,
        changeChannels: ['EMAIL', 'WHATSAPP'],
      });
    }
  });

  it('e-mails waiting in the outbox go with the events job once SMTP is there; both show to staff', async () => {
    const { monday, told } = await classWithRoster('Enviada');
    await t.request('PUT', orgPath(`/sessions/${monday.id}`), {
      token: owner.token,
      body: { date: '2027-03-09', startTime: '07:00', endTime: '08:00' },
    });
    const outboxRead = await t.request('GET', orgPath('/events/class-notices/outbox'), {
      token: viewer.token,
    });
    expect(outboxRead.status, outboxRead.text).toBe(200);
    const waiting = outboxRead.body.items.filter((item: { customerId: string }) =>
      told.includes(item.customerId),
    );
    expect(waiting.map((item: { kind: string }) => item.kind)).toContain('CLASS_CHANGED');
    expect(
      (await t.request('GET', orgPath('/events/class-notices/outbox'), { token: accountant.token })).status,
    ).toBe(403);
    const { mailer, sent } = recordingMailer();
    await sendDueEvents(t.db, senders(mailer), FRIDAY);
    const emails = (await messagesAbout(monday.id, 'CLASS_CHANGED')).filter((row) => row.channel === 'EMAIL');
    expect(emails.map((row) => row.status)).toEqual(['SENT', 'SENT']);
    expect(sent.filter((mail) => mail.text.includes('Enviada'))).toHaveLength(2);
    const history = await t.request('GET', orgPath(`/customers/${told[0]}/event-messages`), {
      token: viewer.token,
    });
    expect(history.status).toBe(200);
    expect(history.body.items.map((item: { kind: string }) => item.kind)).toContain('CLASS_CHANGED');
  });
});

describe('who a roster is', () => {
  it('leaves out deleted customers', async () => {
    const { monday, told } = await classWithRoster('Excluída');
    const [gone] = told;
    const deleted = await t.request('DELETE', orgPath(`/customers/${gone}`), { token: owner.token });
    expect(deleted.status, deleted.text).toBe(204);
    await t.request('PUT', orgPath(`/sessions/${monday.id}`), {
      token: owner.token,
      body: { date: '2027-03-09', startTime: '07:00', endTime: '08:00' },
    });
    const notices = await messagesAbout(monday.id, 'CLASS_CHANGED');
    expect(customersOf(notices)).toEqual(told.filter((id) => id !== gone));
    expect(
      await t.db
        .select({ id: eventMessages.id })
        .from(eventMessages)
        .where(
          and(
            eq(eventMessages.organizationId, studio.organizationId),
            inArray(eventMessages.customerId, [gone ?? '']),
          ),
        ),
    ).toEqual([]);
  });
});
