import type { WhatsAppFailure } from '@reformer/domain/whatsapp';
import { createTestCa } from '@reformer/pix-emulator/test-ca';
import { startWhatsAppEmulator, type WhatsAppEmulator } from '@reformer/whatsapp-emulator/emulator';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createWhatsAppClient } from './whatsapp-client.ts';
import { isWhatsAppError } from './whatsapp-error.ts';
import { clientPool, emulatorConnection, startWebhookReceiver } from './whatsapp-test-helpers.ts';

/** The Cloud API client against the local emulator over https (its test CA trusted), every exchange checked against Meta's YAML. */

const ca = createTestCa('WhatsApp emulator test CA');
let emulator: WhatsAppEmulator;
const clients = clientPool((change) => emulatorConnection(emulator, change, ca.cert));

beforeAll(async () => {
  emulator = await startWhatsAppEmulator({ tls: ca, reviewDelayMs: 0, statusStepMs: 1 });
});
afterEach(async () => {
  await clients.closeAll();
  await emulator.sandbox.idle();
  // Every answer and webhook the emulator gave in the test matched the YAML.
  expect(emulator.violations).toEqual([]);
});
afterAll(() => emulator.close());

async function failure(promise: Promise<unknown>, code: WhatsAppFailure) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(isWhatsAppError(error) ? error.code : error).toBe(code);
  return error as Error & { details: Record<string, unknown> };
}

describe('reading the number', () => {
  it('answers the display number, verified name and messaging tier', async () => {
    const phone = await clients.connect().readPhoneNumber();
    expect(phone).toEqual({
      id: emulator.account.phoneNumberId,
      displayPhoneNumber: emulator.account.displayPhoneNumber,
      verifiedName: emulator.account.verifiedName,
      qualityRating: 'GREEN',
      messagingTier: 'TIER_250',
    });
  });

  it('tells a refused token, an unknown number, nothing listening and an untrusted server apart', async () => {
    await failure(clients.connect({ accessToken: 'EAAGwrong' }).readPhoneNumber(), 'WHATSAPP_INVALID_TOKEN');
    const unknown = await failure(
      clients.connect({ phoneNumberId: '999' }).readPhoneNumber(),
      'WHATSAPP_NOT_FOUND',
    );
    expect(unknown.details).toMatchObject({ status: 400, metaCode: 100, metaSubcode: 33 });
    await failure(
      clients.connect({ apiBaseUrl: 'https://127.0.0.1:9' }).readPhoneNumber(),
      'WHATSAPP_UNREACHABLE',
    );
    const untrusted = createWhatsAppClient(emulatorConnection(emulator));
    await failure(untrusted.readPhoneNumber(), 'WHATSAPP_UNREACHABLE').finally(() => untrusted.close());
  });

  it('never puts the token in an error', async () => {
    const error = await failure(
      clients.connect({ accessToken: 'EAAGsecret-token' }).readPhoneNumber(),
      'WHATSAPP_INVALID_TOKEN',
    );
    expect(`${error.message} ${JSON.stringify(error.details)}`).not.toContain('EAAGsecret-token');
  });

  it('times out a Graph API that does not answer', async () => {
    emulator.sandbox.delayNext(1, 3000);
    await failure(clients.connect({}, { timeoutMs: 300 }).readPhoneNumber(), 'WHATSAPP_TIMEOUT');
  });
});

describe('templates', () => {
  it('creates a template, lists it PENDING, then with the review’s decision', async () => {
    const slow = await startWhatsAppEmulator({ tls: ca, reviewDelayMs: 60_000 });
    try {
      const client = clients.connect(emulatorConnection(slow, {}, ca.cert));
      slow.sandbox.rejectTemplate('promo_rejected', 'INVALID_FORMAT');
      const created = await client.createTemplate({
        name: 'class_reminder',
        language: 'pt_BR',
        category: 'UTILITY',
        components: [
          { type: 'BODY', text: 'Olá {{1}}, sua aula é {{2}}.', example: { body_text: [['Ana', 'amanhã']] } },
        ],
      });
      expect(created.status).toBe('PENDING');
      await client.createTemplate({
        name: 'promo_rejected',
        language: 'pt_BR',
        category: 'MARKETING',
        components: [{ type: 'BODY', text: 'Promoção!' }],
      });
      expect((await client.listTemplates()).map((t) => [t.name, t.status])).toEqual([
        ['hello_world', 'APPROVED'],
        ['class_reminder', 'PENDING'],
        ['promo_rejected', 'PENDING'],
      ]);
      slow.sandbox.reviewTemplates();
      const reviewed = await client.listTemplates();
      expect(reviewed.find((t) => t.name === 'class_reminder')).toMatchObject({
        status: 'APPROVED',
        rejectedReason: null,
      });
      expect(reviewed.find((t) => t.name === 'promo_rejected')).toMatchObject({
        status: 'REJECTED',
        rejectedReason: 'INVALID_FORMAT',
      });
      await failure(
        client.createTemplate({
          name: 'class_reminder',
          language: 'pt_BR',
          category: 'UTILITY',
          components: [{ type: 'BODY', text: 'x' }],
        }),
        'WHATSAPP_TEMPLATE_EXISTS',
      );
      expect(slow.violations).toEqual([]);
    } finally {
      await slow.close();
    }
  });
});

describe('sending', () => {
  it('sends an approved template and answers the message id and the wa_id Meta keeps (without the 9)', async () => {
    const sent = await clients
      .connect()
      .sendTemplate({ to: '+5511987654321', name: 'hello_world', language: 'en_US' });
    expect(sent.messageId).toMatch(/^wamid\./);
    expect(sent.waId).toBe('551187654321');
  });

  it('maps a missing template, wrong parameters, 429, pacing, the tier and 5xx to our words', async () => {
    const client = clients.connect();
    await failure(
      client.sendTemplate({ to: '+5511987654321', name: 'nope', language: 'pt_BR' }),
      'WHATSAPP_TEMPLATE_MISSING',
    );
    await failure(
      client.sendTemplate({
        to: '+5511987654321',
        name: 'hello_world',
        language: 'en_US',
        bodyParameters: ['x'],
      }),
      'WHATSAPP_TEMPLATE_PARAMETERS',
    );
    emulator.sandbox.failNext(1, 429);
    const limited = await failure(
      client.sendTemplate({ to: '+5511987654321', name: 'hello_world', language: 'en_US' }),
      'WHATSAPP_RATE_LIMITED',
    );
    expect(limited.details).toMatchObject({ status: 429, metaCode: 130429 });
    emulator.sandbox.failNext(1, 503);
    await failure(
      client.sendTemplate({ to: '+5511987654321', name: 'hello_world', language: 'en_US' }),
      'WHATSAPP_UNAVAILABLE',
    );

    const paced = await startWhatsAppEmulator({ tls: ca, pairPacingMs: 60_000 });
    try {
      const pacedClient = clients.connect(emulatorConnection(paced, {}, ca.cert));
      await pacedClient.sendTemplate({ to: '+5511911112222', name: 'hello_world', language: 'en_US' });
      await failure(
        pacedClient.sendTemplate({ to: '+5511911112222', name: 'hello_world', language: 'en_US' }),
        'WHATSAPP_RECIPIENT_PACING',
      );
      paced.sandbox.setTier(1);
      await failure(
        pacedClient.sendTemplate({ to: '+5511933334444', name: 'hello_world', language: 'en_US' }),
        'WHATSAPP_TIER_REACHED',
      );
    } finally {
      await paced.close();
    }
  });
});

describe('webhooks', () => {
  it('registers our URL only after it answers the handshake, then posts signed statuses and inbound messages', async () => {
    const receiver = await startWebhookReceiver('verify-me');
    try {
      const client = clients.connect();
      await failure(client.subscribeWebhooks(receiver.url, 'wrong-token'), 'WHATSAPP_WEBHOOK_NOT_VERIFIED');
      await client.subscribeWebhooks(receiver.url, 'verify-me');
      const { messageId } = await client.sendTemplate({
        to: '+5511987654321',
        name: 'hello_world',
        language: 'en_US',
      });
      await receiver.waitFor(3);
      const statuses = receiver.received.map(
        (hook) => JSON.parse(hook.body).entry[0].changes[0].value.statuses[0],
      );
      expect(statuses.map((status: { id: string; status: string }) => [status.id, status.status])).toEqual([
        [messageId, 'sent'],
        [messageId, 'delivered'],
        [messageId, 'read'],
      ]);
      const { createHmac } = await import('node:crypto');
      for (const hook of receiver.received)
        expect(hook.headers['x-hub-signature-256']).toBe(
          `sha256=${createHmac('sha256', emulator.account.appSecret).update(hook.body).digest('hex')}`,
        );
      emulator.sandbox.inbound({ from: '551187654321', text: 'SAIR' });
      await receiver.waitFor(4);
      const inbound = JSON.parse(receiver.received[3]?.body ?? '{}').entry[0].changes[0].value;
      expect(inbound.messages[0]).toMatchObject({
        from: '551187654321',
        type: 'text',
        text: { body: 'SAIR' },
      });
      expect(inbound.metadata.phone_number_id).toBe(emulator.account.phoneNumberId);
    } finally {
      emulator.sandbox.setCallback(null);
      await receiver.close();
    }
  });
});
