import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDeliveries } from '../../db/schema/index.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { createCustomer, createOrganization, createUser, type TestUser } from '../../test/factories.ts';
import { recordingMailer } from '../../test/recording-mailer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sendDueEvents } from './events-job.ts';
import { smsNotConfigured } from './sms-provider.ts';

// Issue #27 item 3 (decision 032): without SMTP an e-mail used to close the occasion from the outbox.
let t: TestApp;
let owner: TestUser;
let organizationId: string;

// 20 December 2026, 09:05 in São Paulo (UTC−3).
const DECEMBER = new Date('2026-12-20T12:05:00Z');
const noSmtp: Mailer = {
  isConfigured: false,
  send: async () => {
    throw new Error('not configured');
  },
  health: async () => 'not_configured',
};

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(DECEMBER);
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner, 'Studio Flow')).id;
  const config = await t.request('PUT', `/organizations/${organizationId}/events/config/birthdays`, {
    token: owner.token,
    body: {
      enabled: true,
      timing: 'ON_DAY',
      days: 0,
      sendTime: '08:00',
      channels: ['EMAIL'],
      template: 'Feliz aniversário, {customerName}!',
    },
  });
  expect(config.status, config.text).toBe(200);
});
afterAll(() => t.close());

const path = (suffix: string) => `/organizations/${organizationId}/events/birthdays${suffix}`;
const send = (customerId: string, channel: string) =>
  t.request('POST', path(`/${customerId}/send`), {
    token: owner.token,
    body: { occasionDate: '2026-12-20', channel },
  });
const markSent = (customerId: string) =>
  t.request('POST', path(`/${customerId}/sent`), {
    token: owner.token,
    body: { occasionDate: '2026-12-20' },
  });
async function rowOf(customerId: string) {
  const list = await t.request('GET', path(''), { token: owner.token });
  expect(list.status).toBe(200);
  return {
    unavailableChannels: list.body.unavailableChannels,
    row: list.body.items.find((item: { customerId: string }) => item.customerId === customerId),
  };
}
const birthdayCustomer = (firstName: string) =>
  createCustomer(t, owner, organizationId, {
    firstName,
    lastName: 'Souza',
    dateOfBirth: '1990-12-20',
    email: `${firstName.toLowerCase()}@example.com`,
    phone: '+5511987654321',
  });

describe('e-mail without SMTP (issue #27 item 3)', () => {
  it('is refused by hand with its reason and claims nothing; the list says which channels cannot go', async () => {
    const ana = await birthdayCustomer('Ana');
    const email = await send(ana.id, 'EMAIL');
    expect([email.status, email.body.error.code]).toEqual([409, 'EVENT_EMAIL_NOT_CONFIGURED']);
    expect(email.body.error.message).toContain('SMTP');
    const deliveries = await t.db
      .select()
      .from(eventDeliveries)
      .where(eq(eventDeliveries.customerId, ana.id));
    expect(deliveries).toEqual([]);
    const { row, unavailableChannels } = await rowOf(ana.id);
    expect(unavailableChannels).toEqual(['EMAIL', 'SMS']);
    expect(row).toMatchObject({ sent: null, waiting: [] });
    expect((await send(ana.id, 'WHATSAPP')).status).toBe(201);
  });

  it('left in the outbox by the job, does not close the occasion: WhatsApp and marking stay open', async () => {
    const bia = await birthdayCustomer('Bia');
    const cora = await birthdayCustomer('Cora');
    const run = await sendDueEvents(t.db, { mailer: noSmtp, sms: smsNotConfigured }, DECEMBER);
    expect(run.failed).toBe(0);
    expect((await rowOf(bia.id)).row).toMatchObject({ sent: null, waiting: ['EMAIL'] });

    const whatsApp = await send(bia.id, 'WHATSAPP');
    expect([whatsApp.status, whatsApp.body.status]).toEqual([201, 'SENT']);
    expect((await rowOf(bia.id)).row).toMatchObject({
      sent: { source: 'MANUAL', channels: ['WHATSAPP'] },
      waiting: ['EMAIL'],
    });
    const again = await send(bia.id, 'WHATSAPP');
    expect([again.status, again.body.error.code]).toEqual([409, 'EVENT_ALREADY_SENT']);
    expect((await markSent(bia.id)).body.error.code).toBe('EVENT_ALREADY_SENT');

    expect((await markSent(cora.id)).status).toBe(201);
    expect((await rowOf(cora.id)).row).toMatchObject({ sent: { source: 'MARKED', channels: [] } });
    // Marked as sent closes the occasion on every channel.
    const afterMark = await send(cora.id, 'WHATSAPP');
    expect([afterMark.status, afterMark.body.error.code]).toEqual([409, 'EVENT_ALREADY_SENT']);
  });

  it('with SMTP configured, e-mail is on offer and goes', async () => {
    const { mailer, sent } = recordingMailer();
    const app = await createTestApp({}, { mailer });
    try {
      app.setNow(DECEMBER);
      const boss = await createUser(app);
      const orgId = (await createOrganization(app, boss, 'Studio Mail')).id;
      await app.request('PUT', `/organizations/${orgId}/events/config/birthdays`, {
        token: boss.token,
        body: {
          enabled: false,
          timing: 'ON_DAY',
          days: 0,
          sendTime: '08:00',
          channels: ['EMAIL'],
          template: 'Oi!',
        },
      });
      const dina = await createCustomer(app, boss, orgId, {
        firstName: 'Dina',
        lastName: 'Lima',
        dateOfBirth: '1990-12-21',
        email: 'dina@example.com',
      });
      const list = await app.request('GET', `/organizations/${orgId}/events/birthdays`, {
        token: boss.token,
      });
      expect(list.body.unavailableChannels).toEqual(['SMS']);
      const email = await app.request('POST', `/organizations/${orgId}/events/birthdays/${dina.id}/send`, {
        token: boss.token,
        body: { occasionDate: '2026-12-21', channel: 'EMAIL' },
      });
      expect([email.status, email.body.status]).toEqual([201, 'SENT']);
      expect(sent.map((mail) => mail.to)).toEqual(['dina@example.com']);
    } finally {
      await app.close();
    }
  });
});
