import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { Agent } from 'undici';
import { type ApiFaults, createApi, type RequiredExtras, type SpecViolation } from './api.ts';
import { createOAuth, type RegisteredClient } from './oauth.ts';
import { createPsp } from './psp.ts';
import type { ReceiverAccount } from './recurrence-types.ts';
import { createSandbox, createSandboxRoutes, type Sandbox } from './sandbox.ts';
import { API_ROOT, loadSpec } from './spec.ts';
import type { Receiver } from './state-types.ts';
import {
  type ClientCertificate,
  createTestCa,
  issueClientCertificate,
  issueClientPem,
  issueServerCertificate,
  type TestCa,
} from './test-ca.ts';
import { createWebhookDispatcher } from './webhooks.ts';

/** Every scope of the operations the emulator serves. */
export const EMULATOR_SCOPES = [
  'cobv.write',
  'cobv.read',
  'pix.write',
  'pix.read',
  'webhook.write',
  'webhook.read',
  'cob.write',
  'cob.read',
  'rec.write',
  'rec.read',
  'solicrec.write',
  'solicrec.read',
  'cobr.write',
  'cobr.read',
  'payloadlocationrec.write',
  'payloadlocationrec.read',
  'webhookrec.write',
  'webhookrec.read',
  'webhookcobr.write',
  'webhookcobr.read',
];

export const DEFAULT_RECEIVER: Receiver = {
  chave: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
  cnpj: '12345678000195',
  nome: 'Studio Reformer Pilates',
  logradouro: 'Rua das Flores 100',
  cidade: 'Sao Paulo',
  uf: 'SP',
  cep: '01001000',
};

/** The receiver's account that recurring charges credit (the `recebedor` a /cobr names). */
export const DEFAULT_ACCOUNT: ReceiverAccount = { agencia: '0001', conta: '1234567', tipoConta: 'CORRENTE' };

export type EmulatorOptions = {
  port?: number;
  host?: string;
  /** The CA that signs the server and client certificates; a new one when left out. */
  ca?: TestCa;
  clients?: RegisteredClient[];
  receiver?: Receiver;
  account?: ReceiverAccount;
  tokenTtlSeconds?: number;
  /** Refunds settle by themselves after this many ms; null: only through sandbox.settleRefund. */
  refundSettleMs?: number | null;
  /** What this PSP wants beside the standard on every API call (a 403 without it). */
  requiredExtras?: RequiredExtras;
};

export type PixEmulator = {
  /** https://host:port */
  url: string;
  /** The API Pix base URL, `${url}/api/v2`. */
  baseUrl: string;
  tokenUrl: string;
  /** The test CA's certificate (PEM): what the client trusts, and what issued every client certificate. */
  ca: TestCa;
  /** The first registered client: its credentials and a certificate (PEM and PFX) issued for it. */
  client: RegisteredClient & { certificate: ClientCertificate };
  receiver: Receiver;
  account: ReceiverAccount;
  issueClientCertificate(commonName: string, passphrase?: string): ClientCertificate;
  sandbox: Sandbox;
  /** Answers the emulator gave that broke the YAML (each also logged and turned into a 500). */
  violations: SpecViolation[];
  close(): Promise<void>;
};

/**
 * Starts a local PSP speaking the API Pix over https with mutual TLS: only clients presenting a certificate of
 * this CA complete the handshake (requestCert, rejectUnauthorized), then OAuth2 and the bearer's scopes apply.
 */
export async function startPixEmulator(options: EmulatorOptions = {}): Promise<PixEmulator> {
  const spec = loadSpec();
  const ca = options.ca ?? createTestCa();
  const host = options.host ?? '127.0.0.1';
  const clients = options.clients ?? [
    {
      clientId: `reformer-${randomBytes(4).toString('hex')}`,
      clientSecret: randomBytes(18).toString('base64url'),
      scopes: EMULATOR_SCOPES,
    },
  ];
  const firstClient = clients[0];
  if (!firstClient) throw new Error('The emulator needs at least one registered client');
  const server = issueServerCertificate(ca, [
    host === '0.0.0.0' ? 'localhost' : host,
    'localhost',
    '127.0.0.1',
  ]);
  // The PSP's own certificate for the webhooks it posts (PSPs call the receiver over mutual TLS too).
  const webhookCertificate = issueClientPem(ca, 'pix-emulator-webhooks');
  const webhookAgent = new Agent({ connect: { cert: webhookCertificate.cert, key: webhookCertificate.key } });

  const violations: SpecViolation[] = [];
  const oauth = createOAuth(clients, options.tokenTtlSeconds ?? 3600);
  const faults: ApiFaults = { failures: { remaining: 0, status: 503 }, delays: { remaining: 0, ms: 0 } };
  const getPix = spec.operation('GET', '/pix/{e2eid}');
  const dispatcher = createWebhookDispatcher(webhookAgent, (kind, body) => {
    // Pix callbacks are { pix: Pix[] }: each item is checked as the Pix schema (GET /pix/{e2eid}'s answer);
    // Pix Automático's against their callbacks' request bodies.
    const checks =
      'pix' in body
        ? body.pix.map((pix) => spec.checkAnswer(getPix, 200, pix))
        : [spec.checkCallback(kind === 'rec' ? 'rec' : 'cobr', body)];
    for (const check of checks) {
      if (!check.valid) {
        violations.push({ operation: `POST {webhookUrl}/${kind}`, status: 0, errors: check.errors });
        throw new Error(`pix-emulator: a webhook breaks the API Pix YAML: ${JSON.stringify(check.errors)}`);
      }
    }
  });

  const app = new Hono();
  const httpServer = createAdaptorServer({
    fetch: app.fetch,
    createServer,
    serverOptions: {
      cert: server.cert,
      key: server.key,
      ca: ca.cert,
      requestCert: true,
      rejectUnauthorized: true,
    },
  }) as Server;
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = httpServer.address() as AddressInfo;
  const url = `https://${host.includes(':') ? `[${host}]` : host}:${port}`;

  const psp = createPsp({
    receiver: options.receiver ?? DEFAULT_RECEIVER,
    locationHost: `${host}:${port}`,
    dispatcher,
    refundSettleMs: options.refundSettleMs === undefined ? 1000 : options.refundSettleMs,
    account: options.account ?? DEFAULT_ACCOUNT,
  });
  const sandbox = createSandbox({ psp, oauth, faults, dispatcher });
  app.post('/oauth/token', (c) => oauth.token(c));
  app.route(
    API_ROOT,
    createApi({ spec, oauth, psp, faults, violations, requiredExtras: options.requiredExtras }),
  );
  app.route('/__sandbox', createSandboxRoutes(sandbox));

  return {
    url,
    baseUrl: `${url}${API_ROOT}`,
    tokenUrl: `${url}/oauth/token`,
    ca,
    client: { ...firstClient, certificate: issueClientCertificate(ca, firstClient.clientId) },
    receiver: psp.receiver,
    account: psp.account,
    issueClientCertificate: (commonName, passphrase) => issueClientCertificate(ca, commonName, passphrase),
    sandbox,
    violations,
    async close() {
      psp.close();
      await dispatcher.idle();
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
      await webhookAgent.close();
    },
  };
}
