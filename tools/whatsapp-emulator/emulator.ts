import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { issueServerCertificate, type TestCa } from '@reformer/pix-emulator/test-ca';
import { Hono } from 'hono';
import { type ApiFaults, createApi, type SpecViolation } from './api.ts';
import { type Account, createCloud } from './cloud.ts';
import { createSandbox, createSandboxRoutes, type Sandbox } from './sandbox.ts';
import { loadSpec } from './spec.ts';
import { createWebhooks } from './webhooks.ts';

export const GRAPH_VERSION = 'v23.0';

export type EmulatorOptions = {
  port?: number;
  host?: string;
  /** The business numbers it knows; one new account when left out. */
  accounts?: Partial<Account>[];
  reviewDelayMs?: number;
  pairPacingMs?: number;
  /** Between one status webhook of a message and the next (sent → delivered → read). */
  statusStepMs?: number;
  /**
   * Serve https with a certificate of this CA (the browser journeys' server trusts the test CA, as it trusts
   * the PIX emulator's), since the product only talks to an https Graph API; plain http when left out.
   */
  tls?: TestCa;
};

export type WhatsAppEmulator = {
  /** http://host:port — what the client calls its Graph base URL. */
  url: string;
  version: string;
  /** The first account: phone number id, WABA id, access token and app secret. */
  account: Account;
  accounts: Account[];
  sandbox: Sandbox;
  /** Answers or webhooks that broke the YAML (each also logged). */
  violations: SpecViolation[];
  close(): Promise<void>;
};

function digits(count: number): string {
  let text = String(1 + ((randomBytes(1)[0] ?? 0) % 9));
  while (text.length < count) text += String((randomBytes(1)[0] ?? 0) % 10);
  return text;
}

export function newAccount(values: Partial<Account> = {}): Account {
  return {
    phoneNumberId: digits(15),
    wabaId: digits(15),
    accessToken: `EAAG${randomBytes(30).toString('base64url')}`,
    appSecret: randomBytes(16).toString('hex'),
    displayPhoneNumber: '+55 11 4002-8922',
    verifiedName: 'Studio Reformer Pilates',
    tier: 250,
    ...values,
  };
}

/**
 * Starts a local WhatsApp Cloud API (Graph API v23.0) over http: Meta's YAML checks every request, answer and
 * webhook; webhooks are signed with the account's app secret and go to the callback registered through
 * `subscribed_apps` after Meta's verification handshake.
 */
export async function startWhatsAppEmulator(options: EmulatorOptions = {}): Promise<WhatsAppEmulator> {
  const spec = loadSpec();
  const accounts = (options.accounts ?? [{}]).map(newAccount);
  const first = accounts[0];
  if (!first) throw new Error('The emulator needs at least one account');
  const violations: SpecViolation[] = [];
  const now = () => Date.now();
  const cloud = createCloud(accounts, {
    reviewDelayMs: options.reviewDelayMs ?? 200,
    pairPacingMs: options.pairPacingMs ?? 0,
    now,
  });
  const webhooks = createWebhooks({
    now,
    checkBody: (body) => {
      const check = spec.checkWebhook(body);
      if (check.valid) return;
      violations.push({ operation: 'POST /whatsapp/webhooks', status: 0, errors: check.errors });
      throw new Error(`whatsapp-emulator: a webhook breaks the YAML: ${JSON.stringify(check.errors)}`);
    },
  });
  webhooks.configure({ statusStepMs: options.statusStepMs ?? 10 });
  const faults: ApiFaults = { failures: { remaining: 0, status: 503 }, delays: { remaining: 0, ms: 0 } };
  const sandbox = createSandbox({ cloud, webhooks, faults, first });

  const app = new Hono();
  app.route('/__sandbox', createSandboxRoutes(sandbox));
  app.route('/', createApi({ spec, cloud, webhooks, faults, violations }));
  const host = options.host ?? '127.0.0.1';
  const certificate = options.tls
    ? issueServerCertificate(options.tls, [...new Set([host, 'localhost', '127.0.0.1'])])
    : null;
  const server = (
    certificate
      ? createAdaptorServer({
          fetch: app.fetch,
          createServer: createHttpsServer,
          serverOptions: { cert: certificate.cert, key: certificate.key },
        })
      : createAdaptorServer({ fetch: app.fetch })
  ) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `${certificate ? 'https' : 'http'}://${host}:${port}`,
    version: GRAPH_VERSION,
    account: first,
    accounts,
    sandbox,
    violations,
    async close() {
      cloud.close();
      await webhooks.idle();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
