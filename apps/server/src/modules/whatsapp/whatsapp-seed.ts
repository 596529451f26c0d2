import { createHmac } from 'node:crypto';
import { startWhatsAppEmulator, type WhatsAppEmulator } from '@reformer/whatsapp-emulator/emulator';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { whatsappConnections } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/test-app.ts';
import { findCustomer } from '../events/events.repository.ts';
import { deliver } from '../events/events-delivery.ts';
import { smsNotConfigured } from '../events/sms-provider.ts';
import { cloudApiGateway } from './whatsapp-gateway.ts';
import { sendQueuedWhatsApp } from './whatsapp-sender.ts';
import { whatsappTestCa } from './whatsapp-test-ca.ts';

/**
 * A row in each WhatsApp table, made through the API (for the restore drill's every-table seed): the studio's
 * number connected to a local Cloud API, a customer's opt-in, a test message, a class reminder sent through
 * the WhatsApp job, a signed status webhook and the studio's prices per message.
 */
export async function seedWhatsApp(t: TestApp, token: string, organizationId: string, customerId: string) {
  const emulator = await startWhatsAppEmulator({ tls: whatsappTestCa(), reviewDelayMs: 0 });
  const orgPath = `/organizations/${organizationId}`;
  try {
    const { account } = emulator;
    const connected = await t.request('PUT', `${orgPath}/whatsapp`, {
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
    const consent = await t.request('PUT', `${orgPath}/customers/${customerId}/whatsapp-consent`, {
      token,
      body: { isOptedIn: true },
    });
    expect(consent.status, consent.text).toBe(200);
    const priced = await t.request('PUT', `${orgPath}/whatsapp/costs`, {
      token,
      body: { UTILITY: 5_000, MARKETING: null },
    });
    expect(priced.status, priced.text).toBe(200);
    const sent = await t.request('POST', `${orgPath}/whatsapp/test-messages`, {
      token,
      body: { to: '(11) 98765-4321' },
    });
    expect(sent.status, sent.text).toBe(201);
    const [row] = await t.db
      .select()
      .from(whatsappConnections)
      .where(eq(whatsappConnections.organizationId, organizationId));
    if (!row || !t.secretBox) throw new Error('The WhatsApp connection was not stored');
    const secret = t.secretBox
      .open(row.webhookSecretSealed, `whatsapp_connections.webhook_secret_sealed:${organizationId}`)
      .toString('utf8');
    await seedQueuedSend(t, emulator, token, organizationId, customerId);
    const [message] = emulator.sandbox.messages();
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: account.wabaId,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '551140028922', phone_number_id: account.phoneNumberId },
                statuses: [
                  {
                    id: message?.id,
                    status: 'delivered',
                    timestamp: '1795000000',
                    recipient_id: message?.waId,
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const signature = `sha256=${createHmac('sha256', account.appSecret).update(body).digest('hex')}`;
    const hook = await t.request('POST', `/whatsapp-webhooks/${organizationId}/${secret}`, {
      body,
      headers: { 'x-hub-signature-256': signature },
    });
    expect(hook.status, hook.text).toBe(200);
  } finally {
    await emulator.close();
  }
}

/**
 * A class reminder of the opted-in customer queued for the Cloud API and sent (whatsapp_sends, decision 052),
 * through the events' delivery and the WhatsApp job as the events job would.
 */
async function seedQueuedSend(
  t: TestApp,
  emulator: WhatsAppEmulator,
  token: string,
  organizationId: string,
  customerId: string,
) {
  const created = await t.request('POST', `/organizations/${organizationId}/whatsapp/templates`, {
    token,
  });
  expect(created.status, created.text).toBe(200);
  emulator.sandbox.reviewTemplates();
  const contact = await findCustomer(t.db, organizationId, customerId);
  if (!contact) throw new Error('The seeded customer is missing');
  const now = new Date();
  const occasion = {
    organizationId,
    organizationName: 'Seed',
    kind: 'CLASS_REMINDER' as const,
    occasion: `reminder:seed:${now.toISOString()}`,
    occasionDate: now.toISOString().slice(0, 10),
    enrollmentId: null,
    // Another number than the test message's just before: Meta's per-recipient pacing would hold this one.
    customer: { ...contact, phone: '+5511987654322' },
    text: 'Lembrete da aula',
    template: {
      kind: 'CLASS_REMINDER' as const,
      language: 'pt_BR' as const,
      parameters: ['Ana', 'Pilates', 'amanhã'],
    },
  };
  const how = { source: 'AUTOMATIC' as const, actorId: null, at: now };
  const mailer = { isConfigured: false, send: async () => {}, health: async () => 'not_configured' as const };
  await deliver(t.db, occasion, ['WHATSAPP'], how, { mailer, sms: smsNotConfigured });
  const gateway = cloudApiGateway({ trustedCa: whatsappTestCa().cert });
  const sent = await sendQueuedWhatsApp({
    db: t.db,
    secretBox: t.secretBox,
    whatsapp: gateway,
    now: () => now,
  });
  expect(sent, JSON.stringify(sent)).toMatchObject({ sent: 1 });
}
