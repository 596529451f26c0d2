import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PixEmulator } from '@reformer/pix-emulator/emulator';
import type { DueChargeRequest, PixWebhookBody } from './api-pix-types.ts';
import { createPixClient, type PixClient } from './pix-client.ts';
import type { PixClientOptions, PixConnection } from './pix-connection.ts';

/** The connection a studio would save, pointed at the emulator (its CA trusted, its client's PEM pair). */
export function emulatorConnection(
  emulator: PixEmulator,
  change: Partial<PixConnection> = {},
): PixConnection {
  return {
    baseUrl: emulator.baseUrl,
    tokenUrl: emulator.tokenUrl,
    clientId: emulator.client.clientId,
    clientSecret: emulator.client.clientSecret,
    certificate: {
      kind: 'pem',
      cert: emulator.client.certificate.cert,
      key: emulator.client.certificate.key,
    },
    trustedCa: emulator.ca.cert,
    ...change,
  };
}

/** Clients opened by a test, closed after it. */
export function clientPool(getEmulator: () => PixEmulator) {
  const open: PixClient[] = [];
  return {
    connect(change: Partial<PixConnection> = {}, options?: PixClientOptions): PixClient {
      const client = createPixClient(emulatorConnection(getEmulator(), change), options);
      open.push(client);
      return client;
    },
    async closeAll() {
      await Promise.all(open.splice(0).map((client) => client.close()));
    },
  };
}

/** A due-date charge body for the emulator's receiver, due in ten days. */
export function dueChargeBody(
  emulator: PixEmulator,
  change: Partial<DueChargeRequest> = {},
): DueChargeRequest {
  const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  return {
    calendario: { dataDeVencimento: due, validadeAposVencimento: 30 },
    devedor: { cpf: '12345678909', nome: 'Maria da Silva' },
    valor: { original: '249.00' },
    chave: emulator.receiver.chave,
    solicitacaoPagador: 'Mensalidade de Pilates',
    ...change,
  };
}

/** A local receiver of the PSP's callbacks: what arrived at {url}/pix, in order, and a way to wait for more. */
export async function startWebhookReceiver() {
  const received: PixWebhookBody[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      request.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      request.on('end', () => resolve(text));
    });
  const server = createServer(async (request, response) => {
    const text = await read(request);
    if (request.method === 'POST' && request.url === '/webhooks/pix/pix') received.push(JSON.parse(text));
    response.writeHead(200).end();
    for (const waiter of waiters.filter((candidate) => received.length >= candidate.count)) waiter.resolve();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/pix`,
    received,
    /** Resolves once `count` callbacks have arrived in all. */
    waitFor(count: number): Promise<void> {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A local receiver of every callback the PSP posts (/pix, /rec, /cobr), by path, with a way to wait for them. */
export async function startCallbackReceiver() {
  const received: { path: string; body: Record<string, unknown[]> }[] = [];
  const waiters: { ready: () => boolean; resolve: () => void }[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    request.on('end', () => {
      received.push({ path: request.url ?? '', body: JSON.parse(text) });
      response.writeHead(200).end();
      for (const waiter of waiters.filter((candidate) => candidate.ready())) waiter.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const items = <T>(kind: 'pix' | 'rec' | 'cobr') =>
    received
      .filter((callback) => callback.path === `/callbacks/${kind}`)
      .flatMap((callback) => (callback.body[{ pix: 'pix', rec: 'recs', cobr: 'cobsr' }[kind]] ?? []) as T[]);
  return {
    url: `http://127.0.0.1:${port}/callbacks`,
    received,
    items,
    /** Resolves once an item of this kind satisfies `match`. */
    waitFor<T>(kind: 'pix' | 'rec' | 'cobr', match: (item: T) => boolean): Promise<T> {
      const found = () => items<T>(kind).find(match);
      return new Promise((resolve) => {
        const ready = () => found() !== undefined;
        if (ready()) resolve(found() as T);
        else waiters.push({ ready, resolve: () => resolve(found() as T) });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
