import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startWhatsAppEmulator, type WhatsAppEmulator } from '@reformer/whatsapp-emulator/emulator';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientPool, emulatorConnection, startWebhookReceiver } from './whatsapp-test-helpers.ts';

/** The emulator itself: what it refuses by the YAML, and its misbehaviour on demand (decision 049). */

let emulator: WhatsAppEmulator;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const clients = clientPool((change) => emulatorConnection(emulator, change));

beforeAll(async () => {
  emulator = await startWhatsAppEmulator({ reviewDelayMs: 0, statusStepMs: 1 });
  receiver = await startWebhookReceiver('token');
  emulator.sandbox.setCallback(receiver.url);
});
afterEach(async () => {
  await clients.closeAll();
  await emulator.sandbox.idle();
  expect(emulator.violations).toEqual([]);
  receiver.received.splice(0);
  emulator.sandbox.webhooks({ delayMs: 0, dropNext: 0, repeatNext: 0, hold: false });
});
afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

const statusesOf = () =>
  receiver.received.map((hook) => {
    const status = JSON.parse(hook.body).entry[0].changes[0].value.statuses[0];
    return [status.id, status.status, status.errors?.[0]?.code];
  });

function graph(path: string, init: RequestInit = {}) {
  return fetch(`${emulator.url}/v23.0${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${emulator.account.accessToken}`,
      'content-type': 'application/json',
      'user-agent': 'Test/1.0.0',
      ...init.headers,
    },
  });
}

describe('requests are held to the YAML', () => {
  it('refuses a message that breaks the schema (no language policy), and a User-Agent of the wrong shape', async () => {
    const message = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511987654321',
      type: 'template',
      template: { name: 'hello_world', language: { code: 'en_US' } },
    };
    const path = `/${emulator.account.phoneNumberId}/messages`;
    const noPolicy = await graph(path, { method: 'POST', body: JSON.stringify(message) });
    expect(noPolicy.status).toBe(400);
    expect(((await noPolicy.json()) as { error: object }).error).toMatchObject({
      code: 100,
      type: 'OAuthException',
    });
    const withPolicy = {
      ...message,
      template: { ...message.template, language: { policy: 'deterministic', code: 'en_US' } },
    };
    const wrongAgent = await graph(path, {
      method: 'POST',
      body: JSON.stringify(withPolicy),
      headers: { 'user-agent': 'node' },
    });
    expect(wrongAgent.status).toBe(400);
    expect((await graph(path, { method: 'POST', body: JSON.stringify(withPolicy) })).status).toBe(200);
  });

  it('answers 401 (code 190) to a token of no account, and to another account’s token', async () => {
    const other = await startWhatsAppEmulator({ accounts: [{}, {}] });
    try {
      const [first, second] = other.accounts;
      const answer = await fetch(`${other.url}/v23.0/${first?.phoneNumberId}`, {
        headers: { authorization: `Bearer ${second?.accessToken}`, 'user-agent': 'Test/1.0.0' },
      });
      expect(answer.status).toBe(401);
      expect(((await answer.json()) as { error: { code: number } }).error.code).toBe(190);
    } finally {
      await other.close();
    }
  });
});

describe('status webhooks misbehave on demand', () => {
  const send = () =>
    clients.connect().sendTemplate({ to: '+5511987654321', name: 'hello_world', language: 'en_US' });

  it('fails a recipient with Meta’s error code', async () => {
    emulator.sandbox.recipient('+5511900000001', { failCode: 131026 });
    const { messageId } = await clients
      .connect()
      .sendTemplate({ to: '+5511900000001', name: 'hello_world', language: 'en_US' });
    await receiver.waitFor(1);
    await emulator.sandbox.idle();
    expect(statusesOf()).toEqual([[messageId, 'failed', 131026]]);
  });

  it('delivers twice, drops, and releases held statuses in reverse order', async () => {
    emulator.sandbox.webhooks({ repeatNext: 1 });
    const first = await send();
    await receiver.waitFor(4);
    await emulator.sandbox.idle();
    expect(statusesOf()).toEqual([
      [first.messageId, 'sent', undefined],
      [first.messageId, 'sent', undefined],
      [first.messageId, 'delivered', undefined],
      [first.messageId, 'read', undefined],
    ]);
    receiver.received.splice(0);
    emulator.sandbox.webhooks({ hold: true });
    const second = await send();
    await emulator.sandbox.idle();
    expect(receiver.received).toEqual([]);
    expect(emulator.sandbox.releaseWebhooks('reverse')).toBe(3);
    await receiver.waitFor(3);
    expect(statusesOf().map(([, status]) => status)).toEqual(['read', 'delivered', 'sent']);
    expect(new Set(statusesOf().map(([id]) => id))).toEqual(new Set([second.messageId]));
    receiver.received.splice(0);
    emulator.sandbox.webhooks({ dropNext: 3 });
    await send();
    await emulator.sandbox.idle();
    expect(receiver.received).toEqual([]);
    expect(emulator.sandbox.deliveries().filter((delivery) => delivery.outcome === 'dropped')).toHaveLength(
      3,
    );
  });
});

describe('deliveries the receiver did not take', () => {
  it('are tried again after a 5xx, as Meta retries; a 4xx is kept as the receiver’s refusal', async () => {
    const answers = [503, 200, 403];
    const received: number[] = [];
    const flaky = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const status = answers.shift() ?? 200;
        received.push(status);
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    const { port } = flaky.address() as AddressInfo;
    emulator.sandbox.setCallback(`http://127.0.0.1:${port}/hooks`);
    try {
      emulator.sandbox.inbound({ from: '551187654321', text: 'oi' });
      await emulator.sandbox.idle();
      emulator.sandbox.inbound({ from: '551187654321', text: 'oi de novo' });
      await emulator.sandbox.idle();
      expect(received).toEqual([503, 200, 403]);
      const [retried, refused] = emulator.sandbox.deliveries().slice(-2);
      expect(retried).toMatchObject({ outcome: 'delivered', attempts: 2 });
      expect(refused).toMatchObject({ outcome: 'failed', status: 403 });
    } finally {
      emulator.sandbox.setCallback(receiver.url);
      await new Promise((resolve) => flaky.close(resolve));
    }
  });
});

describe('the sandbox over http', () => {
  it('simulates an inbound message and fails the next call', async () => {
    const inbound = await fetch(`${emulator.url}/__sandbox/inbound`, {
      method: 'POST',
      body: JSON.stringify({ from: '551187654321', text: 'PARAR' }),
    });
    expect(inbound.status).toBe(200);
    await receiver.waitFor(1);
    expect(
      JSON.parse(receiver.received[0]?.body ?? '{}').entry[0].changes[0].value.messages[0].text.body,
    ).toBe('PARAR');
    await fetch(`${emulator.url}/__sandbox/failures`, {
      method: 'POST',
      body: JSON.stringify({ count: 1, status: 500 }),
    });
    expect((await graph(`/${emulator.account.phoneNumberId}`)).status).toBe(500);
    expect((await graph(`/${emulator.account.phoneNumberId}`)).status).toBe(200);
  });
});
