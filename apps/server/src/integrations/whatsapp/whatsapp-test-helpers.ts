import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WhatsAppEmulator } from '@reformer/whatsapp-emulator/emulator';
import { createWhatsAppClient, type WhatsAppClient, type WhatsAppConnection } from './whatsapp-client.ts';

/** The connection a studio would save, pointed at the emulator's first account. */
export function emulatorConnection(
  emulator: WhatsAppEmulator,
  change: Partial<WhatsAppConnection> = {},
  trustedCa?: string,
): WhatsAppConnection {
  const { account } = emulator;
  return {
    apiBaseUrl: emulator.url,
    phoneNumberId: account.phoneNumberId,
    wabaId: account.wabaId,
    accessToken: account.accessToken,
    ...(trustedCa ? { trustedCa } : {}),
    ...change,
  };
}

/** Clients opened by a test, closed after it. */
export function clientPool(connectionOf: (change: Partial<WhatsAppConnection>) => WhatsAppConnection) {
  const open: WhatsAppClient[] = [];
  return {
    connect(change: Partial<WhatsAppConnection> = {}, options?: { timeoutMs?: number }): WhatsAppClient {
      const client = createWhatsAppClient(connectionOf(change), options);
      open.push(client);
      return client;
    },
    async closeAll() {
      await Promise.all(open.splice(0).map((client) => client.close()));
    },
  };
}

export type ReceivedWebhook = {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
};

/**
 * A webhook receiver that records what arrives: it answers Meta's handshake with the challenge when the
 * verify token is `verifyToken`, and 200 to every POST. `waitFor` resolves once `count` POSTs came.
 */
export async function startWebhookReceiver(verifyToken: string) {
  const received: ReceivedWebhook[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://receiver');
      if (req.method === 'GET') {
        const ok =
          url.searchParams.get('hub.mode') === 'subscribe' &&
          url.searchParams.get('hub.verify_token') === verifyToken;
        res.writeHead(ok ? 200 : 403).end(ok ? (url.searchParams.get('hub.challenge') ?? '') : '');
        return;
      }
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200).end();
      const posts = received.length;
      for (const waiter of waiters.filter((item) => item.count <= posts)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    waitFor: (count: number) =>
      received.length >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
