import { createHmac } from 'node:crypto';
import { serve } from '@hono/node-server';
import { createTestCa } from '@reformer/pix-emulator/test-ca';
import { startWhatsAppEmulator, type WhatsAppEmulator } from '@reformer/whatsapp-emulator/emulator';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  whatsappConnections,
  whatsappConsents,
  whatsappMessageStatuses,
  whatsappMessages,
} from '../../db/schema/index.ts';
import {
  addMember,
  createCustomer,
  createOrganization,
  createUser,
  type TestUser,
} from '../../test/factories.ts';
import { freePort } from '../../test/free-port.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { cloudApiGateway } from './whatsapp-gateway.ts';

/**
 * Settings → Messages against the local Cloud API (https, its test CA trusted) with the app listening on a
 * real port, so the emulator's handshake and webhooks reach it as Meta's would (decision 049).
 */

const ca = createTestCa('WhatsApp settings test CA');
let emulator: WhatsAppEmulator;
let t: TestApp;
let server: ReturnType<typeof serve>;
let owner: TestUser;
let manager: TestUser;
let outsider: TestUser;
let organizationId: string;
let otherOrganizationId: string;

beforeAll(async () => {
  emulator = await startWhatsAppEmulator({ tls: ca, reviewDelayMs: 0, statusStepMs: 1, accounts: [{}, {}] });
  const port = await freePort();
  t = await createTestApp(
    { WHATSAPP_WEBHOOK_URL: `http://127.0.0.1:${port}` },
    { whatsapp: cloudApiGateway({ trustedCa: ca.cert }) },
  );
  server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' });
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
  manager = await addMember(t, owner, organizationId, { role: 'ORG_MANAGER' });
  outsider = await createUser(t);
  otherOrganizationId = (await createOrganization(t, outsider)).id;
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

const path = (suffix = '', org = organizationId) => `/organizations/${org}/whatsapp${suffix}`;
const account = () => emulator.account;
const connection = () => ({
  apiBaseUrl: emulator.url,
  phoneNumberId: account().phoneNumberId,
  wabaId: account().wabaId,
  accessToken: account().accessToken,
  appSecret: account().appSecret,
});

async function connect(token = owner.token, org = organizationId, body: object = connection()) {
  return t.request('PUT', path('', org), { token, body });
}

function expectNoSecret(text: string) {
  expect(text).not.toContain(account().accessToken);
  expect(text).not.toContain(account().appSecret);
}

describe('connecting the number', () => {
  it('is null until connected; a refused token stores nothing; then the secrets are answered only as set', async () => {
    const before = await t.request('GET', path(), { token: manager.token });
    expect(before.body).toEqual({ canStoreSecrets: true, connection: null });

    const refused = await connect(owner.token, organizationId, {
      ...connection(),
      accessToken: 'EAAGnotmine',
    });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'WHATSAPP_REFUSED',
      details: { failure: 'WHATSAPP_INVALID_TOKEN' },
    });
    expect((await t.request('GET', path(), { token: owner.token })).body.connection).toBeNull();

    const saved = await connect();
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.connection).toMatchObject({
      phoneNumberId: account().phoneNumberId,
      accessToken: { isSet: true },
      appSecret: { isSet: true },
      displayPhoneNumber: account().displayPhoneNumber,
      verifiedName: account().verifiedName,
      messagingTier: 'TIER_250',
      webhookRegisteredAt: null,
    });
    expectNoSecret(saved.text);
    expectNoSecret((await t.request('GET', path(), { token: manager.token })).text);
    const [row] = await t.db
      .select()
      .from(whatsappConnections)
      .where(eq(whatsappConnections.organizationId, organizationId));
    expectNoSecret(JSON.stringify(row));
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.organizationId, organizationId));
    expect(audits.map((entry) => entry.action)).toContain('whatsapp.connected');
    expectNoSecret(JSON.stringify(audits));
  });

  it('keeps the stored secrets when the form leaves them empty', async () => {
    const { accessToken: _, appSecret: __, ...ids } = connection();
    const again = await connect(owner.token, organizationId, { ...ids, accessToken: '', appSecret: '' });
    expect(again.status, again.text).toBe(200);
    expect(again.body.connection.accessToken).toEqual({ isSet: true });
  });

  it('lets a manager read but not change it, and hides it from another organization', async () => {
    expect((await connect(manager.token)).status).toBe(403);
    expect(
      (await t.request('POST', path('/test-messages'), { token: manager.token, body: { to: '11987654321' } }))
        .status,
    ).toBe(403);
    expect((await t.request('GET', path(), { token: outsider.token })).status).toBe(404);
    expect((await connect(outsider.token)).status).toBe(404);
  });

  it('refuses a Graph address that is not https, and one where nothing answers (409, saying so)', async () => {
    const http = await connect(owner.token, organizationId, {
      ...connection(),
      apiBaseUrl: 'http://127.0.0.1:1',
    });
    expect(http.status).toBe(400);
    const nothing = await connect(owner.token, organizationId, {
      ...connection(),
      apiBaseUrl: 'https://127.0.0.1:9',
    });
    expect([nothing.status, nothing.body.error.details]).toEqual([409, { failure: 'WHATSAPP_UNREACHABLE' }]);
  });
});

describe('webhooks', () => {
  let secret: string;

  it('registers our URL through Meta, which first checks the handshake', async () => {
    const registered = await t.request('POST', path('/webhook-registration'), { token: owner.token });
    expect(registered.status, registered.text).toBe(200);
    expect(registered.body.connection.webhookRegisteredAt).not.toBeNull();
    const [row] = await t.db
      .select()
      .from(whatsappConnections)
      .where(eq(whatsappConnections.organizationId, organizationId));
    const box = t.secretBox;
    if (!row || !box) throw new Error('connected above');
    secret = box
      .open(row.webhookSecretSealed, `whatsapp_connections.webhook_secret_sealed:${organizationId}`)
      .toString('utf8');
    expect(emulator.sandbox.callback()).toBe(
      `${t.env.WHATSAPP_WEBHOOK_URL}/api/whatsapp-webhooks/${organizationId}/${secret}`,
    );
  });

  it('answers the handshake only with our verify token, and nothing at another organization’s id', async () => {
    const hook = (org: string, pathSecret: string, token: string) =>
      t.request(
        'GET',
        `/whatsapp-webhooks/${org}/${pathSecret}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=42`,
      );
    const ok = await hook(organizationId, secret, secret);
    expect([ok.status, ok.text]).toEqual([200, '42']);
    expect((await hook(organizationId, secret, 'not-it')).status).toBe(403);
    expect((await hook(organizationId, 'not-it', 'not-it')).status).toBe(404);
    expect((await hook(otherOrganizationId, secret, secret)).status).toBe(404);
  });

  it('a test message’s statuses arrive signed and turn it read; repeats and late ones change nothing', async () => {
    emulator.sandbox.webhooks({ repeatNext: 1 });
    const sent = await t.request('POST', path('/test-messages'), {
      token: owner.token,
      body: { to: '(11) 98765-4321' },
    });
    expect(sent.status, sent.text).toBe(201);
    // The emulator's first status may reach the webhook before the send is recorded: it is applied then
    // (recordSentMessage), so the answer says "accepted" or a status that came early.
    expect(sent.body).toMatchObject({
      to: '+5511987654321',
      templateName: 'hello_world',
      status: expect.stringMatching(/^(accepted|sent|delivered|read)$/),
    });
    await emulator.sandbox.idle();
    const listed = await t.request('GET', path('/test-messages'), { token: manager.token });
    expect(listed.body.messages[0]).toMatchObject({ id: sent.body.id, status: 'read' });
    const [message] = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, sent.body.id));
    expect(message?.waId).toBe('551187654321');
    const statuses = await t.db
      .select()
      .from(whatsappMessageStatuses)
      .where(eq(whatsappMessageStatuses.wamid, String(message?.wamid)));
    expect(statuses.map((row) => row.status).sort()).toEqual(['delivered', 'read', 'sent']);
  });

  it('a test sent twice with one Idempotency-Key goes out once', async () => {
    const before = emulator.sandbox.messages().length;
    const send = () =>
      t.request('POST', path('/test-messages'), {
        token: owner.token,
        body: { to: '11912345678' },
        headers: { 'idempotency-key': 'whatsapp-test-once' },
      });
    const first = await send();
    const second = await send();
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).toBe(first.body.id);
    expect(emulator.sandbox.messages()).toHaveLength(before + 1);
  });

  it('statuses held and delivered in reverse end read all the same', async () => {
    emulator.sandbox.webhooks({ hold: true });
    const sent = await t.request('POST', path('/test-messages'), {
      token: owner.token,
      body: { to: '11987650000' },
    });
    await emulator.sandbox.idle();
    emulator.sandbox.releaseWebhooks('reverse');
    await emulator.sandbox.idle();
    const [message] = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, sent.body.id));
    expect(message?.status).toBe('read');
  });

  it('a failure keeps Meta’s error; a forged signature or another number changes nothing', async () => {
    emulator.sandbox.recipient('+5511900001111', { failCode: 131026 });
    const sent = await t.request('POST', path('/test-messages'), {
      token: owner.token,
      body: { to: '11900001111' },
    });
    await emulator.sandbox.idle();
    const [failed] = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, sent.body.id));
    expect(failed).toMatchObject({
      status: 'failed',
      errorCode: 131026,
      errorTitle: 'Message undeliverable',
    });

    const read = { id: failed?.wamid, status: 'read', timestamp: '1900000000', recipient_id: '551190001111' };
    const body = (phoneNumberId: string) =>
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: account().wabaId,
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '1', phone_number_id: phoneNumberId },
                  statuses: [read],
                },
              },
            ],
          },
        ],
      });
    const post = (raw: string, signature: string) =>
      t.request('POST', `/whatsapp-webhooks/${organizationId}/${secret}`, {
        body: raw,
        headers: { 'x-hub-signature-256': signature },
      });
    const sign = (raw: string, key: string) =>
      `sha256=${createHmac('sha256', key).update(raw).digest('hex')}`;
    const forged = body(account().phoneNumberId);
    expect((await post(forged, sign(forged, 'not-the-app-secret'))).status).toBe(403);
    expect((await post(forged, '')).status).toBe(403);
    const otherNumber = body(emulator.accounts[1]?.phoneNumberId ?? '');
    const ignored = await post(otherNumber, sign(otherNumber, account().appSecret));
    expect([ignored.status, ignored.body]).toEqual([200, { statuses: 0, optOuts: 0, ignored: 1 }]);
    const late = await post(forged, sign(forged, account().appSecret));
    expect([late.status, late.body.statuses]).toEqual([200, 1]);
    const repeated = await post(forged, sign(forged, account().appSecret));
    expect([repeated.status, repeated.body.statuses]).toEqual([200, 0]);
    const [after] = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, sent.body.id));
    expect(after?.status).toBe('failed');
    expect((await post('not json', sign('not json', account().appSecret))).status).toBe(400);
  });

  it('an inbound "SAIR" from the wa_id without the 9 opts the customer out, source WEBHOOK', async () => {
    const customer = await createCustomer(t, owner, organizationId, {
      firstName: 'Ana',
      lastName: 'Souza',
      phone: '(21) 99876-5432',
    });
    const optIn = await t.request(
      'PUT',
      `/organizations/${organizationId}/customers/${customer.id}/whatsapp-consent`,
      {
        token: manager.token,
        body: { isOptedIn: true },
      },
    );
    expect(optIn.body).toMatchObject({
      isOptedIn: true,
      source: 'STAFF',
      hasWaId: false,
      marketingConsent: null,
    });
    emulator.sandbox.inbound({ from: '552198765432', text: 'Sair' });
    await emulator.sandbox.idle();
    const [consent] = await t.db
      .select()
      .from(whatsappConsents)
      .where(
        and(
          eq(whatsappConsents.organizationId, organizationId),
          eq(whatsappConsents.customerId, customer.id),
        ),
      );
    expect(consent).toMatchObject({ isOptedIn: false, source: 'WEBHOOK', waId: '552198765432' });
    const read = await t.request(
      'GET',
      `/organizations/${organizationId}/customers/${customer.id}/whatsapp-consent`,
      {
        token: manager.token,
      },
    );
    expect(read.body).toMatchObject({ isOptedIn: false, source: 'WEBHOOK', hasWaId: true });
    // The customer's purge (LGPD) takes the opt-in and the wa_id Meta gave their number with it.
    const purged = await t.request(
      'POST',
      `/organizations/${organizationId}/customers/${customer.id}/purge`,
      {
        token: owner.token,
      },
    );
    expect(purged.status, purged.text).toBe(204);
    const left = await t.db
      .select()
      .from(whatsappConsents)
      .where(
        and(
          eq(whatsappConsents.organizationId, organizationId),
          eq(whatsappConsents.customerId, customer.id),
        ),
      );
    expect(left).toEqual([]);
  });
});

describe('templates', () => {
  it('lists the catalogue as missing, creates it once, and shows Meta’s review (a rejection with its reason)', async () => {
    emulator.sandbox.rejectTemplate('reformer_birthday', 'INVALID_FORMAT');
    const before = await t.request('GET', path('/templates'), { token: manager.token });
    expect(before.status, before.text).toBe(200);
    expect(before.body.templates).toHaveLength(14);
    expect(new Set(before.body.templates.map((item: { status: string }) => item.status))).toEqual(
      new Set(['MISSING']),
    );
    const created = await t.request('POST', path('/templates'), { token: owner.token });
    expect(created.status, created.text).toBe(200);
    expect(created.body.created).toBe(14);
    const birthday = created.body.templates.filter((item: { kind: string }) => item.kind === 'BIRTHDAY');
    expect(birthday).toEqual([
      expect.objectContaining({
        language: 'pt_BR',
        category: 'MARKETING',
        status: 'REJECTED',
        rejectedReason: 'INVALID_FORMAT',
      }),
      expect.objectContaining({ language: 'en_US', status: 'REJECTED' }),
    ]);
    const reminder = created.body.templates.find((item: { kind: string }) => item.kind === 'CLASS_REMINDER');
    expect(reminder).toMatchObject({ status: 'APPROVED', category: 'UTILITY' });
    const again = await t.request('POST', path('/templates'), { token: owner.token });
    expect(again.body.created).toBe(0);
    expect((await t.request('POST', path('/templates'), { token: manager.token })).status).toBe(403);
  });
});

describe('consent', () => {
  it('needs MANAGE_CUSTOMERS to change, and another organization’s customer is not found', async () => {
    const customer = await createCustomer(t, owner, organizationId, { firstName: 'Bia', lastName: 'Lima' });
    const url = `/organizations/${organizationId}/customers/${customer.id}/whatsapp-consent`;
    expect((await t.request('GET', url, { token: owner.token })).body).toMatchObject({
      isOptedIn: null,
      source: null,
    });
    expect((await t.request('GET', url, { token: outsider.token })).status).toBe(404);
    const foreign = `/organizations/${otherOrganizationId}/customers/${customer.id}/whatsapp-consent`;
    expect((await t.request('GET', foreign, { token: outsider.token })).status).toBe(404);
    expect(
      (await t.request('PUT', foreign, { token: outsider.token, body: { isOptedIn: true } })).status,
    ).toBe(404);
  });
});

describe('disconnecting', () => {
  it('deletes the credentials; a second time is 404', async () => {
    expect((await t.request('DELETE', path(), { token: owner.token })).status).toBe(204);
    expect((await t.request('GET', path(), { token: owner.token })).body.connection).toBeNull();
    expect((await t.request('DELETE', path(), { token: owner.token })).status).toBe(404);
    expect((await t.request('GET', path('/templates'), { token: owner.token })).body).toEqual({
      templates: [],
    });
    expect((await t.request('POST', path('/templates'), { token: owner.token })).status).toBe(404);
  });
});
