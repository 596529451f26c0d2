import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { type PixEmulator, startPixEmulator } from '@reformer/pix-emulator/emulator';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startEmbeddedPostgres } from '../db/embedded-postgres/embedded-postgres.ts';
import * as schema from '../db/schema/index.ts';
import { apiPixGateway } from '../modules/pix-psp/pix-gateway.ts';
import { withDatabase } from '../test/global-setup.ts';
import { createTestApp, TEST_SECRETS_KEY, type TestApp } from '../test/test-app.ts';
import { readBackupFile } from './backup-file.ts';
import { type BackupKeyPair, parseBackupPublicKey } from './backup-keys.ts';
import { openPrivateKeyFile } from './backup-private-key-file.ts';
import { collectDataDirFiles } from './data-dir-files.ts';
import { listTablesInLoadOrder, withClient } from './database-tables.ts';
import { writeLogicalBackup } from './logical-backup.ts';
import { restoreBackup } from './restore-backup.ts';
import {
  COMMAND_TIMEOUT_MS,
  embeddedStudio,
  freePort,
  runCommand,
  startServer,
} from './test-fixtures/commands.ts';
import { seedEveryTable } from './test-fixtures/seed-every-table.ts';
import { type TableDigest, tableDigests } from './test-fixtures/table-digests.ts';

/**
 * The restore drill (issue #28, decision 036): a studio with a row in every table is backed up while eight
 * writers create customers and payments through the HTTP API, then restored into a new DATA_DIR (embedded
 * PostgreSQL 18) and into an empty database on the PostgreSQL server at 127.0.0.1:5432 (another major on CI);
 * each restored table equals the source as of the backup's snapshot, and the real server started on the
 * restored folder takes an old session and signs the owner in. Last, a restore over that folder moves it aside.
 */

const WRITERS = 8;
const PASSPHRASE = 'drill passphrase';
const folder = mkdtempSync(join(tmpdir(), 'reformer-restore-drill-'));
// Enterable by the `postgres` user when run as root, so the restored clusters live in it and go with it.
chmodSync(folder, 0o711);
const keyFile = join(folder, 'backup-private-key.json');
const commandDataDir = join(folder, 'command-data');
const restoredDataDir = join(folder, 'restored-data');
const serverDatabase = `reformer_test_restore_${randomUUID().replaceAll('-', '')}`;
/** Another PostgreSQL major than the embedded one on CI; the suite's own server where none answers there. */
let serverAdminUrl = process.env.BACKUP_DRILL_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let keys: BackupKeyPair;
let emulator: PixEmulator;
let t: TestApp;
let server: ReturnType<typeof serve>;
let port: number;
let seeded: Awaited<ReturnType<typeof seedEveryTable>>;

beforeAll(async () => {
  const answers = await withClient(serverAdminUrl, (client) => client.query('select 1')).then(
    () => true,
    () => false,
  );
  if (!answers) {
    console.warn(
      `No PostgreSQL at ${serverAdminUrl}: the drill restores into the suite's own server instead.`,
    );
    serverAdminUrl = inject('serverDatabaseUrl');
  }
  // The owner's key, made as the README says.
  const made = runCommand('backup-key', ['--private-key', keyFile], {
    DATA_DIR: commandDataDir,
    BACKUP_PASSPHRASE: PASSPHRASE,
  });
  emulator = await startPixEmulator({ refundSettleMs: null });
  port = await freePort();
  const gateway = apiPixGateway({ trustedCa: emulator.ca.cert });
  t = await createTestApp({ PIX_WEBHOOK_URL: `http://127.0.0.1:${port}` }, { pixPsp: gateway });
  server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' });
  seeded = await seedEveryTable(t, { emulator, jobs: { db: t.db, secretBox: t.secretBox, gateway } });
  expect(await made.exited, made.output()).toBe(0);
  const publicKey = parseBackupPublicKey(readFileSync(join(commandDataDir, 'backup-public-key.pem'), 'utf8'));
  if (!publicKey) throw new Error('npm run backup-key wrote no public key');
  keys = { publicKey, privateKey: openPrivateKeyFile(readFileSync(keyFile, 'utf8'), PASSPHRASE) };
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
  await emulator?.close();
  await withClient(serverAdminUrl, (admin) =>
    admin.query(`drop database if exists ${serverDatabase} with (force)`),
  );
  rmSync(folder, { recursive: true, force: true });
});

describe('the drill’s studio', () => {
  it('has a row in every application table — a table added without a seed here fails this test', async () => {
    const tables = await withClient(t.database.url, listTablesInLoadOrder);
    const drizzleTables = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table as PgTable));
    expect(tables.map((table) => table.name).sort()).toEqual([...new Set(drizzleTables)].sort());
    const digests = await tableDigests(t.database.url);
    const empty = Object.entries(digests).filter(([, digest]) => digest.rows === 0);
    expect(empty.map(([name]) => name)).toEqual([]);
  });

  it(
    'has one backup key: npm run backup-key will not replace it unasked',
    async () => {
      const again = runCommand('backup-key', ['--private-key', join(folder, 'second-key.json')], {
        DATA_DIR: commandDataDir,
        BACKUP_PASSPHRASE: PASSPHRASE,
      });
      expect(await again.exited).toBe(1);
      expect(again.output()).toContain('A backup key exists already');
      expect(existsSync(join(folder, 'second-key.json'))).toBe(false);
    },
    COMMAND_TIMEOUT_MS,
  );
});

type Acknowledged = { customerId: string; paymentId: string };

/** One writer: customer, pack sold, pack paid — each through the API over HTTP — until told to stop. */
async function writer(number: number, stop: { now: boolean }, acknowledged: Acknowledged[]) {
  const { ids, owner } = seeded.tenant;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`http://127.0.0.1:${port}/api/organizations/${ids.organization}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${owner.token}`,
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { id: string };
    expect(response.status, JSON.stringify(answer)).toBe(201);
    return answer.id;
  };
  for (let count = 1; !stop.now; count += 1) {
    const customerId = await post('/customers', {
      firstName: `Writer${number}`,
      lastName: `Customer${count}`,
    });
    const purchaseId = await post('/purchases', { customerId, planId: ids.packPlan });
    const paymentId = await post('/payments', {
      customerId,
      enrollmentId: null,
      purchaseId,
      amountCents: 90_000,
      currency: 'BRL',
      paidOn: new Date().toISOString().slice(0, 10),
      method: 'PIX',
      status: 'COMPLETED',
    });
    acknowledged.push({ customerId, paymentId });
  }
}

describe('a backup taken while eight writers write', () => {
  let backupFile: string;
  let sourceAtSnapshot: Record<string, TableDigest>;
  let sourceAfter: Record<string, TableDigest>;
  let beforeSnapshot: Acknowledged[];

  beforeAll(async () => {
    const stop = { now: false };
    const acknowledged: Acknowledged[] = [];
    let failure: unknown = null;
    const writing = Array.from({ length: WRITERS }, (_, number) =>
      writer(number, stop, acknowledged).catch((error: unknown) => {
        failure = error;
      }),
    );
    const awaitWrites = async (count: number) => {
      while (acknowledged.length < count && !failure) await new Promise((resolve) => setTimeout(resolve, 10));
      if (failure) throw failure;
    };
    // Writes already going on when the snapshot is taken, and going on while the tables are read.
    await awaitWrites(WRITERS * 2);
    // Acknowledged before the backup even connected: committed before its snapshot. A copy taken now,
    // not a filter on Date.now(), which a write acknowledged in the same millisecond would slip past.
    const acknowledgedBeforeBackup = [...acknowledged];
    let digesting: Promise<Record<string, TableDigest>> | undefined;
    const written = await writeLogicalBackup({
      databaseUrl: t.database.url,
      databaseMode: 'server',
      folder: join(folder, 'backups'),
      recipient: keys.publicKey,
      dataDirFiles: collectDataDirFiles({
        dataDir: commandDataDir,
        isEmbedded: false,
        authSecret: t.env.AUTH_SECRET,
        secretsKey: TEST_SECRETS_KEY,
        backupPublicKeyPem: readFileSync(join(commandDataDir, 'backup-public-key.pem'), 'utf8'),
      }),
      // The source read as of the backup's own snapshot, while the writers go on.
      onSnapshot: async (snapshot) => {
        digesting = tableDigests(t.database.url, snapshot);
        await digesting;
      },
    });
    await awaitWrites(acknowledged.length + WRITERS);
    stop.now = true;
    await Promise.all(writing);
    if (failure) throw failure;
    backupFile = written.path;
    sourceAtSnapshot = await (digesting as Promise<Record<string, TableDigest>>);
    sourceAfter = await tableDigests(t.database.url);
    beforeSnapshot = acknowledgedBeforeBackup;
  }, 120_000);

  it('saw writes acknowledged before its snapshot, and writes committed after it', () => {
    expect(beforeSnapshot.length).toBeGreaterThanOrEqual(WRITERS * 2);
    expect(sourceAfter.customers?.rows).toBeGreaterThan(sourceAtSnapshot.customers?.rows ?? 0);
    expect(sourceAfter.payments?.rows).toBeGreaterThan(sourceAtSnapshot.payments?.rows ?? 0);
  });

  /** Every table as at the snapshot: each write acknowledged before it, none after it, none in part. */
  async function expectRestored(databaseUrl: string) {
    expect(await tableDigests(databaseUrl)).toEqual(sourceAtSnapshot);
    const found = await withClient(databaseUrl, async (client) => {
      const count = async (table: string, ids: string[]) =>
        (await client.query(`select id from ${table} where id = any($1::uuid[])`, [ids])).rowCount;
      return {
        customers: await count(
          'customers',
          beforeSnapshot.map((write) => write.customerId),
        ),
        payments: await count(
          'payments',
          beforeSnapshot.map((write) => write.paymentId),
        ),
      };
    });
    expect(found).toEqual({ customers: beforeSnapshot.length, payments: beforeSnapshot.length });
    // The lists' kept totals (migration 0044) came with the rows, not counted again as they loaded: per
    // organization (and currency) the sums of the kept rows equal the rows counted from scratch, either side's
    // missing figures read as zero.
    const keptOff = await withClient(databaseUrl, async (client) => {
      const customersOff = await client.query(
        `with kept as (select organization_id, sum(active) as active, sum(inactive) as inactive,
                              sum(pending) as pending, sum(deleted) as deleted, sum(purged) as purged
                         from customer_counts group by organization_id),
              scratch as (select organization_id, count(*) filter (where status = 'ACTIVE') as active,
                                 count(*) filter (where status = 'INACTIVE') as inactive,
                                 count(*) filter (where status = 'PENDING') as pending,
                                 count(*) filter (where status = 'DELETED') as deleted,
                                 count(*) filter (where status = 'PURGED') as purged
                            from customers group by organization_id)
         select organization_id from kept full join scratch using (organization_id)
          where (coalesce(kept.active, 0), coalesce(kept.inactive, 0), coalesce(kept.pending, 0),
                 coalesce(kept.deleted, 0), coalesce(kept.purged, 0))
             <> (coalesce(scratch.active, 0), coalesce(scratch.inactive, 0), coalesce(scratch.pending, 0),
                 coalesce(scratch.deleted, 0), coalesce(scratch.purged, 0))`,
      );
      const paymentsOff = await client.query(
        `with kept as (select organization_id, currency, sum(payments) as payments,
                              sum(completed_cents) as completed, sum(pending_cents) as pending
                         from payment_totals group by organization_id, currency),
              scratch as (select organization_id, currency, count(*) as payments,
                                 coalesce(sum(amount_cents - refunded_cents) filter (where status = 'COMPLETED'), 0)
                                   as completed,
                                 coalesce(sum(amount_cents) filter (where status = 'PENDING'), 0) as pending
                            from payments group by organization_id, currency)
         select organization_id from kept full join scratch using (organization_id, currency)
          where (coalesce(kept.payments, 0), coalesce(kept.completed, 0), coalesce(kept.pending, 0))
             <> (coalesce(scratch.payments, 0), coalesce(scratch.completed, 0), coalesce(scratch.pending, 0))`,
      );
      const scratchCounted = await client.query(
        'select (select count(*) from customers)::int as customers, (select count(*) from payments)::int as payments',
      );
      expect(scratchCounted.rows[0].customers).toBeGreaterThan(0);
      expect(scratchCounted.rows[0].payments).toBeGreaterThan(0);
      return [...customersOff.rows, ...paymentsOff.rows];
    });
    expect(keptOff).toEqual([]);
  }

  async function expectRestoredDataDir(dataDir: string) {
    expect(readFileSync(join(dataDir, 'auth-secret'), 'utf8')).toBe(t.env.AUTH_SECRET);
    expect(readFileSync(join(dataDir, 'secrets-key'), 'utf8')).toBe(TEST_SECRETS_KEY);
    expect(readdirSync(folder).filter((name) => name.includes('.restoring-'))).toEqual([]);
    const embedded = await startEmbeddedPostgres(dataDir);
    try {
      await expectRestored(embedded.url);
    } finally {
      await embedded.stop();
    }
  }

  /**
   * `npm run backup` of the restored embedded studio: its tables, its secrets from its files. A running server's
   * jobs may have written since the restore (cycles charged, expired sessions removed), never a customer.
   */
  async function expectEmbeddedBackup(out: string, serverRan: boolean) {
    const backup = runCommand('backup', ['--out', out], embeddedStudio(restoredDataDir));
    expect(await backup.exited, backup.output()).toBe(0);
    const [name] = readdirSync(out);
    const secrets: Record<string, string> = {};
    const manifest = await readBackupFile(join(out, name ?? ''), keys.privateKey, async (entry) => {
      let text = '';
      for await (const chunk of entry.content) text += chunk;
      secrets[entry.name] = text;
    });
    expect(manifest.databaseMode).toBe('embedded');
    expect(secrets['data-dir/auth-secret']).toBe(t.env.AUTH_SECRET);
    expect(secrets['data-dir/secrets-key']).toBe(TEST_SECRETS_KEY);
    const rows = Object.fromEntries(
      manifest.entries.flatMap((entry) => (entry.table ? [[entry.table.name, entry.table.rows]] : [])),
    );
    const restored = Object.fromEntries(
      Object.entries(sourceAtSnapshot).map(([table, digest]) => [table, digest.rows]),
    );
    if (serverRan) {
      expect(Object.keys(rows).sort()).toEqual(Object.keys(restored).sort());
      expect(rows.customers).toBe(restored.customers);
    } else expect(rows).toEqual(restored);
  }

  it('restores into a new DATA_DIR every table as it was at the snapshot, and the DATA_DIR secrets', async () => {
    const restored = await restoreBackup({
      file: backupFile,
      privateKey: keys.privateKey,
      target: { kind: 'new-data-dir', dataDir: restoredDataDir },
    });
    expect(restored.rows).toBe(Object.values(sourceAtSnapshot).reduce((sum, table) => sum + table.rows, 0));
    await expectRestoredDataDir(restoredDataDir);
  }, 120_000);

  it('restores into an empty database on the PostgreSQL server just as well, and refuses a non-empty one', async () => {
    await withClient(serverAdminUrl, (admin) => admin.query(`create database ${serverDatabase}`));
    const databaseUrl = withDatabase(serverAdminUrl, serverDatabase);
    const secretsDir = join(folder, 'restored-server-secrets');
    const target = { kind: 'database-url', databaseUrl, secretsDir } as const;
    await restoreBackup({ file: backupFile, privateKey: keys.privateKey, target });
    await expectRestored(databaseUrl);
    expect(readFileSync(join(secretsDir, 'secrets-key'), 'utf8')).toBe(TEST_SECRETS_KEY);
    const again = restoreBackup({ file: backupFile, privateKey: keys.privateKey, target });
    await expect(again).rejects.toThrow(/is not empty/);
  }, 120_000);

  it(
    'gives a studio whose real server takes an old session, signs the owner in and reads a customer',
    async () => {
      const started = await startServer(restoredDataDir);
      try {
        const api = (path: string, init: RequestInit = {}) =>
          fetch(`${started.origin}/api${path}`, {
            ...init,
            headers: { origin: started.origin, ...init.headers },
          });
        const { owner, ids } = seeded.tenant;
        // Signed with the auth secret before the backup: valid only if that secret came back.
        const oldSession = await api('/auth/get-session', { headers: { cookie: owner.cookie } });
        expect(((await oldSession.json()) as { user?: { email: string } } | null)?.user?.email).toBe(
          owner.email,
        );
        const signedIn = await api('/auth/sign-in/email', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: owner.email, password: 'correct horse battery' }),
        });
        expect(signedIn.status).toBe(200);
        const cookie = signedIn.headers
          .getSetCookie()
          .map((value) => value.split(';')[0])
          .join('; ');
        const tokenAnswer = await api('/auth/token', { headers: { cookie } });
        const { token } = (await tokenAnswer.json()) as { token: string };
        const customer = await api(`/organizations/${ids.organization}/customers/${ids.customer}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(customer.status).toBe(200);
        expect(((await customer.json()) as { lastName: string }).lastName).toBe(ids.customerName);
        // And it backs up as it runs, through its running PostgreSQL, with the secrets from its folder.
        await expectEmbeddedBackup(join(folder, 'backups-while-running'), true);
      } finally {
        await started.stop();
      }
    },
    COMMAND_TIMEOUT_MS,
  );

  it(
    'restores over the current DATA_DIR only with its server stopped, moving the folder aside',
    async () => {
      writeFileSync(join(restoredDataDir, 'left-by-the-owner.txt'), 'kept');
      const over = { kind: 'over-current', dataDir: restoredDataDir } as const;
      const running = await startEmbeddedPostgres(restoredDataDir);
      try {
        await expect(
          restoreBackup({ file: backupFile, privateKey: keys.privateKey, target: over }),
        ).rejects.toThrow(/is running: stop the Reformer server first/);
      } finally {
        await running.stop();
      }
      const intoUsed = { kind: 'new-data-dir', dataDir: restoredDataDir } as const;
      await expect(
        restoreBackup({ file: backupFile, privateKey: keys.privateKey, target: intoUsed }),
      ).rejects.toThrow(/is not empty/);
      const { movedAside } = await restoreBackup({
        file: backupFile,
        privateKey: keys.privateKey,
        target: over,
      });
      expect(readFileSync(join(movedAside ?? '', 'left-by-the-owner.txt'), 'utf8')).toBe('kept');
      expect(existsSync(join(movedAside ?? '', 'postgres', 'PG_VERSION'))).toBe(true);
      expect(existsSync(join(restoredDataDir, 'left-by-the-owner.txt'))).toBe(false);
      await expectRestoredDataDir(restoredDataDir);
      // Stopped, it backs up by starting its PostgreSQL for the moment.
      await expectEmbeddedBackup(join(folder, 'backups-while-stopped'), false);
    },
    COMMAND_TIMEOUT_MS,
  );
});
