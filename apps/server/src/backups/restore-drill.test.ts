import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { type PixEmulator, startPixEmulator } from '@reformer/pix-emulator/emulator';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../db/embedded-postgres/embedded-postgres.ts';
import * as schema from '../db/schema/index.ts';
import { apiPixGateway } from '../modules/pix-psp/pix-gateway.ts';
import { withDatabase } from '../test/global-setup.ts';
import { createTestApp, TEST_SECRETS_KEY, type TestApp } from '../test/test-app.ts';
import { BackupFileError } from './backup-container.ts';
import { readBackupFile } from './backup-file.ts';
import { generateBackupKeyPair, privateKeyFileText, publicKeyPem } from './backup-keys.ts';
import { collectDataDirFiles } from './data-dir-files.ts';
import { listTablesInLoadOrder } from './database-tables.ts';
import { writeLogicalBackup } from './logical-backup.ts';
import { knownMigrations } from './migrations.ts';
import { restoreBackup } from './restore-backup.ts';
import { resealBackup } from './test-fixtures/reseal-backup.ts';
import { seedEveryTable } from './test-fixtures/seed-every-table.ts';
import { tableDigests } from './test-fixtures/table-digests.ts';

/**
 * The restore drill (issue #28, decision 036): a studio with a row in every table is backed up while eight
 * writers create customers and payments through the HTTP API, then restored into a new DATA_DIR (embedded
 * PostgreSQL 18) and into an empty database on the PostgreSQL server at 127.0.0.1:5432 (another major on CI);
 * each restored table equals the source as of the backup's snapshot, and the real server started on the
 * restored folder signs the owner in. Then what must be refused is: a changed byte, a newer schema, and a
 * backup killed half-way never passes for one.
 */

/** Spawned commands load the server's code through tsx: seconds each, more on a busy machine. */
const COMMAND_TIMEOUT_MS = 120_000;
const WRITERS = 8;
const PASSWORD = 'correct horse battery';
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const serverAdminUrl = process.env.BACKUP_DRILL_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const folder = mkdtempSync(join(tmpdir(), 'reformer-restore-drill-'));
const keys = generateBackupKeyPair();
const keyFile = join(folder, 'backup-private-key.json');
const commandDataDir = join(folder, 'command-data');
const serverDatabase = `reformer_test_restore_${randomUUID().replaceAll('-', '')}`;
const failedDatabase = `${serverDatabase}_failed`;
let emulator: PixEmulator;
let t: TestApp;
let server: ReturnType<typeof serve>;
let port: number;
let seeded: Awaited<ReturnType<typeof seedEveryTable>>;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  emulator = await startPixEmulator({ refundSettleMs: null });
  port = await freePort();
  const gateway = apiPixGateway({ trustedCa: emulator.ca.cert });
  t = await createTestApp({ PIX_WEBHOOK_URL: `http://127.0.0.1:${port}` }, { pixPsp: gateway });
  server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' });
  seeded = await seedEveryTable(t, { emulator, jobs: { db: t.db, secretBox: t.secretBox, gateway } });
  writeFileSync(keyFile, privateKeyFileText(keys.privateKey, 'drill passphrase'), { mode: 0o600 });
  mkdirSync(commandDataDir);
  writeFileSync(join(commandDataDir, 'backup-public-key.pem'), publicKeyPem(keys.publicKey));
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

/** The studio's DATA_DIR files as the backup command collects them: here the test app's configured secrets. */
function dataDirFiles() {
  return collectDataDirFiles({
    dataDir: commandDataDir,
    isEmbedded: false,
    authSecret: t.env.AUTH_SECRET,
    secretsKey: TEST_SECRETS_KEY,
    backupPublicKeyPem: publicKeyPem(keys.publicKey),
  });
}

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
});

type Acknowledged = { at: number; customerId: string; paymentId: string };

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
    acknowledged.push({ at: Date.now(), customerId, paymentId });
  }
}

let backupFile: string;

describe('a backup taken while eight writers write', () => {
  let sourceAtSnapshot: Awaited<ReturnType<typeof tableDigests>>;
  let sourceAfter: Awaited<ReturnType<typeof tableDigests>>;
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
    const askedAt = Date.now();
    let digesting: ReturnType<typeof tableDigests> | undefined;
    const written = await writeLogicalBackup({
      databaseUrl: t.database.url,
      databaseMode: 'server',
      folder: join(folder, 'backups'),
      recipient: keys.publicKey,
      dataDirFiles: dataDirFiles(),
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
    sourceAtSnapshot = await (digesting as ReturnType<typeof tableDigests>);
    sourceAfter = await tableDigests(t.database.url);
    // Acknowledged before the backup even connected: committed before its snapshot.
    beforeSnapshot = acknowledged.filter((write) => write.at < askedAt);
  }, 120_000);

  it('saw writes acknowledged before its snapshot, and writes committed after it', () => {
    expect(beforeSnapshot.length).toBeGreaterThanOrEqual(WRITERS * 2);
    expect(sourceAfter.customers?.rows).toBeGreaterThan(sourceAtSnapshot.customers?.rows ?? 0);
    expect(sourceAfter.payments?.rows).toBeGreaterThan(sourceAtSnapshot.payments?.rows ?? 0);
  });

  async function expectRestored(databaseUrl: string) {
    expect(await tableDigests(databaseUrl)).toEqual(sourceAtSnapshot);
    const found = await withClient(databaseUrl, async (client) => {
      const customers = await client.query('select id from customers where id = any($1::uuid[])', [
        beforeSnapshot.map((write) => write.customerId),
      ]);
      const payments = await client.query('select id from payments where id = any($1::uuid[])', [
        beforeSnapshot.map((write) => write.paymentId),
      ]);
      return { customers: customers.rowCount, payments: payments.rowCount };
    });
    expect(found).toEqual({ customers: beforeSnapshot.length, payments: beforeSnapshot.length });
  }

  it('restores into a new DATA_DIR every table as it was at the snapshot, and the DATA_DIR secrets', async () => {
    const dataDir = join(folder, 'restored-data');
    const restored = await restoreBackup({
      file: backupFile,
      privateKey: keys.privateKey,
      target: { kind: 'new-data-dir', dataDir },
    });
    expect(restored.rows).toBe(Object.values(sourceAtSnapshot).reduce((sum, table) => sum + table.rows, 0));
    expect(readFileSync(join(dataDir, 'auth-secret'), 'utf8')).toBe(t.env.AUTH_SECRET);
    expect(readFileSync(join(dataDir, 'secrets-key'), 'utf8')).toBe(TEST_SECRETS_KEY);
    expect(existsSync(`${dataDir}.restoring`)).toBe(false);
    const embedded = await startEmbeddedPostgres(dataDir);
    try {
      await expectRestored(embedded.url);
    } finally {
      await embedded.stop();
    }
  }, 120_000);

  it('restores into an empty database on the PostgreSQL server just as well, and refuses a non-empty one', async () => {
    await withClient(serverAdminUrl, (admin) => admin.query(`create database ${serverDatabase}`));
    const databaseUrl = withDatabase(serverAdminUrl, serverDatabase);
    const secretsDir = join(folder, 'restored-server-secrets');
    const target = { kind: 'database-url', databaseUrl, secretsDir } as const;
    await restoreBackup({ file: backupFile, privateKey: keys.privateKey, target });
    await expectRestored(databaseUrl);
    expect(readFileSync(join(secretsDir, 'secrets-key'), 'utf8')).toBe(TEST_SECRETS_KEY);
    await expect(restoreBackup({ file: backupFile, privateKey: keys.privateKey, target })).rejects.toThrow(
      /is not empty/,
    );
  }, 120_000);
});

function runCommand(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [join(root, 'scripts', script), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('the restored server', () => {
  it(
    'starts on the restored DATA_DIR with its secrets: an old session still holds, the owner signs in and reads a customer',
    async () => {
      const dataDir = join(folder, 'restored-data');
      const serverPort = await freePort();
      const origin = `http://127.0.0.1:${serverPort}`;
      const env: Record<string, string> = { ...(process.env as Record<string, string>) };
      for (const name of ['DATABASE_URL', 'AUTH_SECRET', 'SECRETS_KEY']) delete env[name];
      const started = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
        cwd: root,
        env: { ...env, DATA_DIR: dataDir, PORT: String(serverPort), HOST: '127.0.0.1', PUBLIC_URL: origin },
      });
      let output = '';
      started.stderr.on('data', (chunk) => (output += chunk));
      const exited = new Promise<number | null>((resolve) => started.on('exit', resolve));
      try {
        await new Promise<void>((resolve, reject) => {
          started.stdout.on('data', (chunk) => {
            output += chunk;
            if (output.includes('Reformer listening')) resolve();
          });
          exited.then(() => reject(new Error(`the server stopped:\n${output}`)));
        });
        const api = (path: string, init: RequestInit = {}) =>
          fetch(`${origin}/api${path}`, { ...init, headers: { origin, ...init.headers } });
        const { owner, ids } = seeded.tenant;
        const oldSession = await api('/auth/get-session', { headers: { cookie: owner.cookie } });
        expect(((await oldSession.json()) as { user?: { email: string } } | null)?.user?.email).toBe(
          owner.email,
        );
        const signedIn = await api('/auth/sign-in/email', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: owner.email, password: PASSWORD }),
        });
        expect(signedIn.status).toBe(200);
        const cookie = signedIn.headers
          .getSetCookie()
          .map((value) => value.split(';')[0])
          .join('; ');
        const { token } = (await (await api('/auth/token', { headers: { cookie } })).json()) as {
          token: string;
        };
        const customer = await api(`/organizations/${ids.organization}/customers/${ids.customer}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(customer.status).toBe(200);
        expect(((await customer.json()) as { lastName: string }).lastName).toBe(ids.customerName);
      } finally {
        started.kill('SIGINT');
        await exited;
      }
    },
    COMMAND_TIMEOUT_MS,
  );
});

describe('what a restore refuses, writing nothing', () => {
  it('a file with one byte changed', async () => {
    const bytes = readFileSync(backupFile);
    const changed = join(folder, 'changed.rfb');
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0x10;
    writeFileSync(changed, bytes);
    const dataDir = join(folder, 'from-changed');
    const refused = restoreBackup({
      file: changed,
      privateKey: keys.privateKey,
      target: { kind: 'new-data-dir', dataDir },
    });
    await expect(refused).rejects.toBeInstanceOf(BackupFileError);
    await expect(refused).rejects.toMatchObject({ problem: 'DAMAGED' });
    expect(existsSync(dataDir) || existsSync(`${dataDir}.restoring`)).toBe(false);
  });

  it(
    'a backup of a newer schema, naming its migration and this Reformer’s last (npm run restore)',
    async () => {
      const latest = knownMigrations().at(-1);
      const newer = await resealBackup({
        file: backupFile,
        folder,
        privateKey: keys.privateKey,
        recipient: keys.publicKey,
        edit: (manifest) => ({
          ...manifest,
          reformerVersion: '9.0.0',
          migration: { tag: '9999_from_the_future', when: (latest?.when ?? 0) + 1, hash: 'f'.repeat(64) },
        }),
      });
      const dataDir = join(folder, 'from-newer');
      const restore = runCommand('restore.mjs', [newer, '--key', keyFile, '--data-dir', dataDir], {
        BACKUP_PASSPHRASE: 'drill passphrase',
      });
      expect(await restore.exited, restore.output()).toBe(1);
      expect(restore.output()).toContain(
        'migration 9999_from_the_future (Reformer 9.0.0), newer than this Reformer',
      );
      expect(restore.output()).toContain(`its last migration is ${latest?.tag}`);
      expect(restore.output()).toContain('Nothing was written.');
      expect(existsSync(dataDir)).toBe(false);
    },
    COMMAND_TIMEOUT_MS,
  );
});

describe('a restore that fails while loading', () => {
  it('leaves the empty database empty again', async () => {
    const miscounted = await resealBackup({
      file: backupFile,
      folder,
      privateKey: keys.privateKey,
      recipient: keys.publicKey,
      edit: (manifest) => ({
        ...manifest,
        entries: manifest.entries.map((entry) =>
          entry.table?.name === 'payments'
            ? { ...entry, table: { ...entry.table, rows: entry.table.rows + 1 } }
            : entry,
        ),
      }),
    });
    await withClient(serverAdminUrl, (admin) => admin.query(`create database ${failedDatabase}`));
    const databaseUrl = withDatabase(serverAdminUrl, failedDatabase);
    const secretsDir = join(folder, 'failed-secrets');
    const failed = restoreBackup({
      file: miscounted,
      privateKey: keys.privateKey,
      target: { kind: 'database-url', databaseUrl, secretsDir },
    });
    await expect(failed).rejects.toThrow(/^payments: \d+ rows loaded, the manifest says \d+/);
    const left = await withClient(databaseUrl, async (client) => {
      const { rows } = await client.query<{ relations: number; schemas: number; extensions: number }>(
        `select (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
                  where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_toast') as relations,
                (select count(*)::int from pg_namespace where nspname = 'drizzle') as schemas,
                (select count(*)::int from pg_extension where extname <> 'plpgsql') as extensions`,
      );
      return rows[0];
    });
    expect(left).toEqual({ relations: 0, schemas: 0, extensions: 0 });
    expect(existsSync(secretsDir)).toBe(false);
  }, 120_000);
});

describe('npm run backup killed half-way', () => {
  it(
    'leaves no file that passes for a backup, and the next backup succeeds',
    async () => {
      const out = join(folder, 'killed');
      const env = {
        DATABASE_URL: t.database.url,
        DATA_DIR: commandDataDir,
        AUTH_SECRET: t.env.AUTH_SECRET ?? '',
        SECRETS_KEY: TEST_SECRETS_KEY,
      };
      // The last table the backup reads is locked: it stops there, its file half-written, until killed.
      const lock = new pg.Client({ connectionString: t.database.url });
      await lock.connect();
      const tables = await listTablesInLoadOrder(lock);
      const last = tables.at(-1)?.name;
      await lock.query(`begin; lock table public."${last}" in access exclusive mode`);
      const killed = runCommand('backup.mjs', ['--out', out], env);
      try {
        for (;;) {
          // Asked outside the lock's transaction, which would see one snapshot of the activity throughout.
          const { rows } = await withClient(t.database.url, (watcher) =>
            watcher.query(
              "select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like 'copy %'",
            ),
          );
          if (rows.length > 0) break;
          if (killed.child.exitCode !== null) throw new Error(`the backup ended: ${killed.output()}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        killed.child.kill('SIGKILL');
        await killed.exited;
      } finally {
        await lock.query('rollback');
        await lock.end();
      }
      const left = readdirSync(out);
      expect(left).toHaveLength(1);
      expect(left[0]).toMatch(/\.rfb\.partial$/);
      await expect(readBackupFile(join(out, left[0] ?? ''), keys.privateKey)).rejects.toMatchObject({
        problem: 'DAMAGED',
      });

      const next = runCommand('backup.mjs', ['--out', out], env);
      expect(await next.exited, next.output()).toBe(0);
      expect(next.output()).toContain('Backup written:');
      const files = readdirSync(out);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/-logical\.rfb$/);
      const manifest = await readBackupFile(join(out, files[0] ?? ''), keys.privateKey);
      expect(manifest.entries.filter((entry) => entry.table)).toHaveLength(tables.length);
    },
    COMMAND_TIMEOUT_MS,
  );
});
