import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { serverNodeOptions } from '../scripts/server-node-options.mjs';
import { createTestCa } from '../tools/pix-emulator/test-ca.ts';
import { findChromium } from './find-chromium.mjs';

// One fresh embedded database per run, shared by the runner and its workers through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'reformer-e2e-'));
// The CEP lookup never reaches the internet: specs answer as ViaCEP on this fixed address (workers inherit it).
process.env.E2E_POSTAL_CODE_PROVIDER_URL ??= 'http://127.0.0.1:3299/ws';
// The local PSP's CA, made once per run (workers inherit the path): specs start tools/pix-emulator with it, and
// the server trusts it through NODE_EXTRA_CA_CERTS, as a studio's server trusts a real PSP's public CA.
if (!process.env.E2E_PIX_CA_FILE) {
  const folder = mkdtempSync(join(tmpdir(), 'reformer-e2e-pix-ca-'));
  const ca = createTestCa('Reformer e2e PSP CA');
  writeFileSync(join(folder, 'ca.pem'), ca.cert);
  writeFileSync(join(folder, 'ca.json'), JSON.stringify(ca));
  process.env.E2E_PIX_CA_FILE = join(folder, 'ca.json');
}
const pixCaCertificate = join(process.env.E2E_PIX_CA_FILE, '..', 'ca.pem');
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
// The Backups screen's install (see webServer), one port up; its URL reaches the specs through the environment.
const installPort = port + 1;
process.env.E2E_INSTALL_URL = `http://localhost:${installPort}`;
process.env.E2E_INSTALL_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'reformer-e2e-install-'));
// The install's backup public key: the raw X25519 key (base64url), as BACKUP_PUBLIC_KEY may hold it.
const backupPublicKey = String(generateKeyPairSync('x25519').publicKey.export({ format: 'jwk' }).x);
// The install's S3-compatible storage for its backups' copies (s3rver, in a folder of its own), two ports up.
const s3Port = port + 2;
const s3Bucket = 'reformer-e2e-backups';
process.env.E2E_S3_BUCKET = s3Bucket;
const s3Folder = mkdtempSync(join(tmpdir(), 'reformer-e2e-s3-'));

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // One retry in CI only, for a failure the page did not cause: in stop 38's CI a headless Chromium on the
  // loaded two-core machine stopped answering for one page (pix-psp.spec's click waited 120 s on "visible,
  // enabled and stable" with no retry in its log: the check itself never returned), which no wait for state
  // can outlast; the same spec then passed 16 times out of 16 here with both cores busy. A retried test is
  // listed as "flaky" at the end of CI's output, so a real race still shows; on a developer's machine and in
  // `npm test` outside CI nothing retries.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // A failed test keeps its trace: every action with the page's DOM before and after. Without the screencast
    // (screenshots: false), which cost 40 % of the suite's time on two cores (8 specs: 175 s with it, 105 s
    // without, 95 s with no trace); the failure's own screenshot is still taken below.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: findChromium(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    reformerServer({
      port,
      dataDir: process.env.E2E_DATA_DIR,
      ...(process.env.E2E_WEB_DIST_DIR ? { webDistDir: process.env.E2E_WEB_DIST_DIR } : {}),
    }),
    // The install's S3 storage first: the install backs up when it starts (past BACKUP_HOUR) and copies at once.
    {
      command: `npx --no-install s3rver -d ${s3Folder} -a 127.0.0.1 -p ${s3Port} -s --configure-bucket ${s3Bucket}`,
      port: s3Port,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    // An install of its own for the Backups screen (decision 036): a backup holds every studio of an install, so
    // only the owner of all of them may see it — never the case on the shared server, where every spec signs up.
    reformerServer({
      port: installPort,
      dataDir: process.env.E2E_INSTALL_DATA_DIR,
      backupPublicKey,
      backupS3: {
        BACKUP_S3_BUCKET: s3Bucket,
        BACKUP_S3_REGION: 'sa-east-1',
        BACKUP_S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        // s3rver's own key id; it checks no signature.
        BACKUP_S3_ACCESS_KEY_ID: 'S3RVER',
        BACKUP_S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
    }),
  ],
});

/** A `npm start` of the project for the browsers, on its own embedded database. */
function reformerServer(options: {
  port: number;
  dataDir: string | undefined;
  webDistDir?: string;
  backupPublicKey?: string;
  backupS3?: Record<string, string>;
}) {
  const url = `http://localhost:${options.port}`;
  return {
    command: ['node', ...serverNodeOptions, '../scripts/start.mjs'].join(' '),
    url: `${url}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe' as const,
    env: {
      PORT: String(options.port),
      DATA_DIR: options.dataDir ?? '',
      DATABASE_URL: '',
      PUBLIC_URL: url,
      AUTH_RATE_LIMIT_MAX: '1000',
      // Every page load asks better-auth for the session, from this one address: four workers passed its 300 a
      // minute once the journeys grew (a 429 left a sign-up on /app). The limits themselves are tested on the server.
      AUTH_SESSION_RATE_LIMIT_MAX: '100000',
      // Every spec signs in from this one address, far faster than a studio's devices would.
      AUTH_TOKEN_RATE_LIMIT_MAX: '100000',
      POSTAL_CODE_PROVIDER_URL: process.env.E2E_POSTAL_CODE_PROVIDER_URL ?? '',
      // The server's output is piped into the run's: problems only, not a JSON line per request.
      LOG_LEVEL: 'warn',
      NODE_EXTRA_CA_CERTS: pixCaCertificate,
      ...(options.webDistDir ? { WEB_DIST_DIR: options.webDistDir } : {}),
      ...(options.backupPublicKey ? { BACKUP_PUBLIC_KEY: options.backupPublicKey } : {}),
      ...options.backupS3,
    },
  };
}
