import { startWhatsAppEmulator, type WhatsAppEmulator } from '@reformer/whatsapp-emulator/emulator';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { whatsappMessages } from '../../db/schema/index.ts';
import { createCustomer, createOrganization, createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { whatsappTestCa } from '../whatsapp/whatsapp-test-ca.ts';
import { portalClient, tokenOf } from './portal-client.ts';

/**
 * "Send me a new link" by phone (decision 053) against the local Cloud API over https: the link goes as the
 * CLASS_LINK template to the number on file, from studios whose WhatsApp number is connected; the answer is
 * the same for a number on file, one that is not and one Meta refused; limited per address and per number.
 */

let emulator: WhatsAppEmulator;
let t: TestApp;
let owner: TestUser;
let organizationId: string;
let otherOwner: TestUser;
let otherOrganizationId: string;

const orgPath = (suffix: string, org = organizationId) => `/organizations/${org}${suffix}`;
const sentTo = (number: string) => emulator.sandbox.messages().filter((message) => message.to === number);
const linkStatus = async (customerId: string, org = organizationId, token = owner.token) =>
  (await t.request('GET', orgPath(`/customers/${customerId}/class-link`, org), { token })).body.isActive;

beforeAll(async () => {
  emulator = await startWhatsAppEmulator({ tls: whatsappTestCa(), reviewDelayMs: 0 });
  t = await createTestApp();
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner, 'Studio Sol')).id;
  otherOwner = await createUser(t);
  otherOrganizationId = (await createOrganization(t, otherOwner, 'Studio Lua')).id;
  const { account } = emulator;
  const connected = await t.request('PUT', orgPath('/whatsapp'), {
    token: owner.token,
    body: {
      apiBaseUrl: emulator.url,
      phoneNumberId: account.phoneNumberId,
      wabaId: account.wabaId,
      accessToken: account.accessToken,
      appSecret: account.appSecret,
    },
  });
  expect(connected.status, connected.text).toBe(200);
  const templates = await t.request('POST', orgPath('/whatsapp/templates'), { token: owner.token });
  expect(templates.status, templates.text).toBe(200);
});
afterEach(() => {
  expect(emulator.violations).toEqual([]);
});
afterAll(async () => {
  await emulator.close();
  await t.close();
});

describe('a new portal link by phone', () => {
  it('goes by WhatsApp to the number on file, opens the portal, and is answered as an unknown number is', async () => {
    const ana = await createCustomer(t, owner, organizationId, {
      firstName: 'Ana',
      lastName: 'Souza',
      phone: '(11) 98765-4321',
    });
    // The same number at a studio without WhatsApp's API: nothing can reach it from there.
    const elsewhere = await createCustomer(t, otherOwner, otherOrganizationId, {
      firstName: 'Ana',
      lastName: 'Souza',
      phone: '+55 11 98765-4321',
    });
    const known = await portalClient(t).request('POST', '/phone-link-requests', { phone: '11 98765-4321' });
    const unknown = await portalClient(t).request('POST', '/phone-link-requests', {
      phone: '(21) 99876-5432',
    });
    expect(known.status, known.text).toBe(202);
    expect(unknown.status, unknown.text).toBe(202);
    expect(known.body).toEqual(unknown.body);
    expect(known.headers.get('cache-control')).toBe('no-store');

    const [message, ...more] = sentTo('5511987654321');
    expect(more).toEqual([]);
    expect(message).toMatchObject({ template: 'reformer_class_link', language: 'pt_BR' });
    expect(message?.text).toMatch(/^Olá, Ana! Em http:\/\/localhost:3000\/portal#t=\S+ você vê/);
    expect(sentTo('5521998765432')).toEqual([]);
    const url = /http\S+#t=\S+/.exec(message?.text ?? '')?.[0] ?? '';
    const opened = await portalClient(t).open(tokenOf(url));
    expect(opened.status, opened.text).toBe(200);

    expect(await linkStatus(ana.id)).toBe(true);
    expect(await linkStatus(elsewhere.id, otherOrganizationId, otherOwner.token)).toBe(false);
    const recorded = await t.db
      .select()
      .from(whatsappMessages)
      .where(
        and(eq(whatsappMessages.organizationId, organizationId), eq(whatsappMessages.customerId, ana.id)),
      );
    expect(recorded).toMatchObject([
      { toPhone: '+5511987654321', templateName: 'reformer_class_link', status: 'accepted' },
    ]);

    // The customer's purge (LGPD) erases the number the message went to with the message (decision 049).
    const purged = await t.request('POST', orgPath(`/customers/${ana.id}/purge`), { token: owner.token });
    expect(purged.status, purged.text).toBe(204);
    const left = await t.db
      .select({ toPhone: whatsappMessages.toPhone })
      .from(whatsappMessages)
      .where(eq(whatsappMessages.organizationId, organizationId));
    expect(left.map((row) => row.toPhone)).not.toContain('+5511987654321');
  });

  it('makes no link when Meta fails, and answers the same', async () => {
    const bia = await createCustomer(t, owner, organizationId, {
      firstName: 'Bia',
      lastName: 'Lima',
      phone: '(11) 97777-6666',
    });
    emulator.sandbox.failNext(1, 500);
    const answer = await portalClient(t).request('POST', '/phone-link-requests', {
      phone: '(11) 97777-6666',
    });
    expect(answer.status, answer.text).toBe(202);
    expect(answer.body).toEqual({ accepted: true });
    expect(sentTo('5511977776666')).toEqual([]);
    expect(await linkStatus(bia.id)).toBe(false);
  });

  it('is limited per number across addresses and per address across numbers (429 with Retry-After)', async () => {
    const phone = '(11) 96666-5555';
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await portalClient(t).request('POST', '/phone-link-requests', { phone })).status).toBe(202);
    const limited = await portalClient(t).request('POST', '/phone-link-requests', { phone });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // The address's limit is the e-mail door's, shared: ten requests of either kind an hour.
    const asker = portalClient(t);
    for (let attempt = 0; attempt < 5; attempt += 1)
      await asker.request('POST', '/link-requests', { email: `nobody${attempt}@example.com` });
    for (let attempt = 0; attempt < 5; attempt += 1)
      await asker.request('POST', '/phone-link-requests', { phone: `(11) 9555${attempt}-0000` });
    const overAddress = await asker.request('POST', '/phone-link-requests', { phone: '(11) 95559-0000' });
    expect(overAddress.status).toBe(429);
  });

  it('refuses what is not a phone at its field', async () => {
    const answer = await portalClient(t).request('POST', '/phone-link-requests', { phone: '123' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'phone' }] });
  });
});
