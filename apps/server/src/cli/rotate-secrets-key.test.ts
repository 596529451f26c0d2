import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixPspConnections } from '../db/schema/index.ts';
import { storedSecretKeyIds } from '../lib/sealed-columns.ts';
import { createSecretBox, decodeSecretsKey } from '../lib/secret-box.ts';
import { openPspConnection } from '../modules/pix-psp/pix-psp-connection.ts';
import { createOrganization, createUser, type TestUser } from '../test/factories.ts';
import { createTestApp, TEST_SECRETS_KEY, type TestApp } from '../test/test-app.ts';

/** `npm run rotate-secrets-key` on a database holding two organizations' PSP secrets (decision 027). */

/** Each run starts a process that loads the server's code through tsx and migrates: seconds, more on a busy machine. */
const CLI_TIMEOUT_MS = 120_000;
const cli = fileURLToPath(new URL('../../../../scripts/rotate-secrets-key.mjs', import.meta.url));
const pem = readFileSync(new URL('../modules/pix-psp/test-certificates/studio.pem', import.meta.url), 'utf8');

let t: TestApp;
let owner: TestUser;
const organizations: string[] = [];

function run(secretsKey: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [cli], {
      env: {
        ...process.env,
        DATABASE_URL: t.database.url,
        SECRETS_KEY: secretsKey,
        AUTH_SECRET: t.env.AUTH_SECRET,
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function rows() {
  return t.db.select().from(pixPspConnections).orderBy(pixPspConnections.organizationId);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  for (const secret of ['Secret_of_the_first_4711', 'Secret_of_the_second_4712']) {
    const { id } = await createOrganization(t, owner);
    const saved = await t.request('PUT', `/organizations/${id}/pix-psp`, {
      token: owner.token,
      body: {
        preset: 'CUSTOM',
        environment: 'PRODUCTION',
        baseUrl: 'https://pix.example.com/api/v2',
        tokenUrl: 'https://pix.example.com/oauth/token',
        scopes: 'cobv.write',
        clientId: 'client',
        clientSecret: secret,
        certificate: { format: 'PEM', pem, password: '' },
        pixKey: '12345678000195',
        chargeDaysAhead: 3,
        finePercent: 1,
        interestPercentMonthly: 0.5,
        discount: null,
      },
    });
    expect(saved.status, saved.text).toBe(200);
    organizations.push(id);
  }
});
afterAll(() => t.close());

describe('npm run rotate-secrets-key', () => {
  it(
    'changes nothing when one value does not open: one transaction, all or none',
    async () => {
      const [, second] = organizations;
      await t.db.execute(sql`update pix_psp_connections set client_secret_sealed = client_secret_sealed || 'x'
      where organization_id = ${second}`);
      const before = await rows();
      const refused = await run(TEST_SECRETS_KEY);
      expect(refused.code, refused.output).not.toBe(0);
      expect(await rows()).toEqual(before);
      // Put the value back as it was sealed.
      await t.db.execute(sql`update pix_psp_connections set client_secret_sealed = left(client_secret_sealed, -1)
      where organization_id = ${second}`);
    },
    CLI_TIMEOUT_MS,
  );

  it(
    're-seals every stored secret under a new key it prints, and they open with it',
    async () => {
      const rotated = await run(TEST_SECRETS_KEY);
      expect(rotated.code, rotated.output).toBe(0);
      expect(rotated.output).toContain('Re-sealed 6 secret(s)');
      const printed = rotated.output.match(/SECRETS_KEY=([0-9a-f]{64})/)?.[1] ?? '';
      const key = decodeSecretsKey(printed);
      if (!key) throw new Error(`no key printed: ${rotated.output}`);
      const next = createSecretBox(key);
      expect(await storedSecretKeyIds(t.db)).toEqual([next.keyId]);
      const opened = (await rows()).map((row) => openPspConnection(next, row).clientSecret).sort();
      expect(opened).toEqual(['Secret_of_the_first_4711', 'Secret_of_the_second_4712']);
      expect(rotated.output).not.toContain('Secret_of_the');
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'leaves the old key unable to open them: the server says so, and a second rotation with it is refused',
    async () => {
      const [first] = organizations;
      const tested = await t.request('POST', `/organizations/${first}/pix-psp/test-connection`, {
        token: owner.token,
      });
      expect(tested.status, tested.text).toBe(409);
      expect(tested.body.error.code).toBe('PSP_SECRETS_UNREADABLE');
      const again = await run(TEST_SECRETS_KEY);
      expect(again.code).not.toBe(0);
      expect(again.output).toContain('SECRETS_KEY does not open the stored secrets');
      const [row] = await t.db
        .select()
        .from(pixPspConnections)
        .where(eq(pixPspConnections.organizationId, first ?? ''));
      expect(row?.clientSecretSealed).not.toContain('4711');
    },
    CLI_TIMEOUT_MS,
  );
});
