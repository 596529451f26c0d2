import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../app.ts';
import { createAuth } from '../auth/auth.ts';
import { startMembershipListener } from '../auth/membership-listener.ts';
import { emailPasswordResetLink } from '../auth/password-reset.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { parseEnv, publicUrl } from '../env.ts';
import { createWhatsAppClient } from '../integrations/whatsapp/whatsapp-client.ts';
import { createHealthCheck } from '../lib/health.ts';
import { createMailer, type Mailer } from '../lib/mailer.ts';
import { createSecretBox, decodeSecretsKey } from '../lib/secret-box.ts';
import type { PixGateway } from '../modules/pix-psp/pix-gateway.ts';
import type { PixSandbox } from '../modules/pix-psp/pix-sandbox.ts';
import { cachedLookup, viaCepProvider } from '../modules/postal-codes/postal-code-provider.ts';
import type { WhatsAppGateway } from '../modules/whatsapp/whatsapp-gateway.ts';
import { whatsappTestCa } from '../modules/whatsapp/whatsapp-test-ca.ts';
import { createLogger, type Logger } from '../observability/logger.ts';
import { createReadiness } from '../observability/readiness.ts';
import { openTestDatabase } from './test-database.ts';

export const TEST_SECRETS_KEY = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';

/** Tests that do not test the connection: any PSP is out of reach, as none is reachable from here. */
const unreachable = () => Object.assign(new Error('No PSP in this test'), { code: 'PSP_UNREACHABLE' });
const unreachablePsp: PixGateway = {
  authenticate: async () => {
    throw unreachable();
  },
  open: () => {
    throw unreachable();
  },
};

/** Tests reach the Cloud API only through emulators started with the WhatsApp test CA, which this trusts. */
const emulatorTrustingGateway: WhatsAppGateway = {
  open: (connection) => createWhatsAppClient({ ...connection, trustedCa: whatsappTestCa().cert }),
};

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

type RequestOptions = { token?: string; body?: unknown; headers?: Record<string, string> };

/** The real app on a real database, called in-process; the clock can be moved. */
const TEST_BACKUP_DIR = mkdtempSync(join(tmpdir(), 'reformer-test-backups-'));

export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: {
    mailer?: Mailer;
    webDistDir?: string;
    pixPsp?: PixGateway;
    pixSandbox?: PixSandbox;
    whatsapp?: WhatsAppGateway;
    logger?: Logger;
  } = {},
) {
  const database: DatabaseHandle = await openTestDatabase();
  const source: Record<string, string> = {
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-better-auth',
    AUTH_RATE_LIMIT_MAX: '10000',
    // No test reaches the internet: postal-code tests start a local stand-in and pass its address.
    POSTAL_CODE_PROVIDER_URL: 'http://127.0.0.1:9/ws',
    // A fixed key: '' (no SECRETS_KEY) is a PostgreSQL server whose operator has not set one.
    SECRETS_KEY: TEST_SECRETS_KEY,
    // The purge ledger and backups go to a folder of the test run's, never to the checkout's ./data.
    BACKUP_DIR: TEST_BACKUP_DIR,
    ...envOverrides,
  };
  // An override of '' leaves the variable unset, as on a machine that does not define it.
  const env = parseEnv(Object.fromEntries(Object.entries(source).filter(([, value]) => value !== '')));
  let now = new Date();
  const secret = env.AUTH_SECRET ?? '';
  const mailer = options.mailer ?? createMailer(env);
  const auth = createAuth({
    db: database.db,
    env,
    secret,
    sendPasswordResetLink: emailPasswordResetLink(mailer),
  });
  const postalCodes = cachedLookup(viaCepProvider(env.POSTAL_CODE_PROVIDER_URL, env.POSTAL_CODE_TIMEOUT_MS));
  const health = createHealthCheck({ database });
  const secretsKey = env.SECRETS_KEY ? decodeSecretsKey(env.SECRETS_KEY) : null;
  const secretBox = secretsKey ? createSecretBox(secretsKey) : null;
  const readiness = createReadiness();
  readiness.serving(database);
  const logger = options.logger ?? createLogger(env.LOG_LEVEL);
  const membershipListener = await startMembershipListener(database.url, logger);
  const app = createApp(
    {
      db: database.db,
      tenantDb: database.tenantDb,
      env,
      auth,
      now: () => now,
      health,
      mailer,
      secret,
      publicUrl: publicUrl(env),
      postalCodes,
      secretBox,
      pixPsp: options.pixPsp ?? unreachablePsp,
      pixSandbox: options.pixSandbox ?? null,
      whatsapp: options.whatsapp ?? emulatorTrustingGateway,
      logger,
      readiness,
      membershipCache: membershipListener.cache,
    },
    { webDistDir: options.webDistDir },
  );

  async function request(method: string, path: string, options: RequestOptions = {}) {
    const headers: Record<string, string> = { origin: 'http://localhost:3000', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const response = await app.request(`/api${path}`, { method, headers, body });
    const text = await response.text();
    const json =
      text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined;
    return { status: response.status, body: json, headers: response.headers, text };
  }

  return {
    app,
    secretBox,
    db: database.db,
    database,
    env,
    auth,
    readiness,
    membershipListener,
    request,
    setNow: (date: Date) => {
      now = date;
    },
    close: async () => {
      // First: dropping the database would end its connection, and it would try to reconnect.
      await membershipListener.close();
      await database.close();
    },
  };
}
