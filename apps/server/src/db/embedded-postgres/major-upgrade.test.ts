import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBackupFile } from '../../backups/backup-file.ts';
import { generateBackupKeyPair } from '../../backups/backup-keys.ts';
import { writeDataDirFile } from '../../backups/data-dir-files.ts';
import { withClient } from '../../backups/database-tables.ts';
import { loadIntoDatabase } from '../../backups/load-database.ts';
import { writeLogicalBackup } from '../../backups/logical-backup.ts';
import { COMMAND_TIMEOUT_MS, freePort, startServer } from '../../backups/test-fixtures/commands.ts';
import { SECRETS_KEY_FILE } from '../../lib/secret-box.ts';
import { withDatabase } from '../../test/global-setup.ts';
import { addCustomer, createStaffedOrganization } from '../../test/studio.ts';
import { createTestApp, TEST_SECRETS_KEY, type TestApp } from '../../test/test-app.ts';
import { clusterPassword } from './cluster-folder.ts';
import { movePaths } from './cluster-move.ts';
import { ClusterMajorError, startEmbeddedPostgres } from './embedded-postgres.ts';
import { waitUntilReady } from './launch-postgres.ts';
import { postgresRunAs } from './postgres-binaries.ts';
import { clusterLocation } from './reachable-by-postgres.ts';

/**
 * Issue #28: a Reformer whose embedded PostgreSQL is a new major finds the cluster an older one made and moves
 * it through the logical export (decision 036). The older Reformer's cluster is made here with Debian's
 * PostgreSQL 15, laid out as the embedded one is (DATA_DIR/postgres, superuser `postgres`, the password beside
 * it, the database `reformer`), migrated and holding a studio.
 */
const PG15_BIN = '/usr/lib/postgresql/15/bin';
const hasPg15 = existsSync(join(PG15_BIN, 'postgres'));
if (!hasPg15)
  console.warn(
    `No PostgreSQL 15 in ${PG15_BIN} (Debian's postgresql-15; CI has it): the upgrade tests are skipped.`,
  );
const PASSWORD = 'correct horse battery';

const folder = mkdtempSync(join(tmpdir(), 'reformer-major-upgrade-'));
// Enterable by the `postgres` user when run as root, so each cluster lives inside its DATA_DIR.
chmodSync(folder, 0o711);
const children: ChildProcess[] = [];
let t: TestApp;
let studio: Awaited<ReturnType<typeof createStaffedOrganization>>;
const customerNames = ['Upgraded', 'Migrated', 'Kept'];
/** The older Reformer's DATA_DIR, copied for each test. */
const template = join(folder, 'template');

beforeAll(async () => {
  if (!hasPg15) return;
  t = await createTestApp();
  studio = await createStaffedOrganization(t);
  for (const lastName of customerNames) await addCustomer(t, studio, { firstName: 'Ana', lastName });
  await makeOlderDataDir(template);
}, 90_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await t?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A DATA_DIR as an older Reformer left it: its cluster made by PostgreSQL 15, migrated, holding the studio. */
async function makeOlderDataDir(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { mode: 0o700 });
  const runAs = postgresRunAs();
  const cluster = clusterLocation(dataDir, runAs);
  mkdirSync(cluster, { mode: 0o700 });
  const passwordFile = join(dataDir, 'initial-password');
  writeFileSync(passwordFile, clusterPassword(dataDir), { mode: 0o600 });
  if (runAs) for (const path of [cluster, passwordFile]) chownSync(path, runAs.uid, runAs.gid);
  execFileSync(
    join(PG15_BIN, 'initdb'),
    [`--pgdata=${cluster}`, '--username=postgres', `--pwfile=${passwordFile}`, '--auth=scram-sha-256'],
    { ...(runAs ?? {}), stdio: 'pipe', env: { ...process.env, LC_ALL: 'C' } },
  );
  rmSync(passwordFile);
  await withOlderPostgres(dataDir, async (adminUrl) => {
    await withClient(adminUrl, (client) => client.query('create database reformer'));
    await copyStudioInto(withDatabase(adminUrl, 'reformer'));
  });
  // The secrets the studio's rows were made with (sessions' signing keys, sealed PSP credentials), as the
  // older Reformer kept them in its DATA_DIR.
  await writeDataDirFile(dataDir, 'auth-secret', Buffer.from(t.env.AUTH_SECRET ?? ''));
  await writeDataDirFile(dataDir, SECRETS_KEY_FILE, Buffer.from(TEST_SECRETS_KEY));
}

/** The test's studio, loaded by the restore's path: the migrations, then its rows. */
async function copyStudioInto(databaseUrl: string): Promise<void> {
  const keys = generateBackupKeyPair();
  const backup = await writeLogicalBackup({
    databaseUrl: t.database.url,
    databaseMode: 'server',
    folder: join(folder, 'seed'),
    recipient: keys.publicKey,
    dataDirFiles: [],
  });
  const manifest = await readBackupFile(backup.path, keys.privateKey);
  await loadIntoDatabase({ file: backup.path, privateKey: keys.privateKey, manifest, databaseUrl });
}

async function withOlderPostgres(dataDir: string, use: (adminUrl: string) => Promise<void>): Promise<void> {
  const port = await freePort();
  const cluster = join(dataDir, 'postgres');
  const server = spawn(
    join(PG15_BIN, 'postgres'),
    ['-D', cluster, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    { ...(postgresRunAs() ?? {}), stdio: 'ignore' },
  );
  children.push(server);
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    const adminUrl = `postgres://postgres:${encodeURIComponent(clusterPassword(dataDir))}@127.0.0.1:${port}/postgres`;
    expect(await waitUntilReady(adminUrl)).toBeNull();
    await use(adminUrl);
  } finally {
    server.kill('SIGINT');
    await exited;
  }
}

/** A copy of the older DATA_DIR (`cp -a` keeps the cluster's owner, `postgres` when run as root). */
function olderDataDir(name: string): { dataDir: string; cluster: string } {
  const dataDir = join(folder, name);
  execFileSync('cp', ['-a', template, dataDir]);
  return { dataDir, cluster: join(dataDir, 'postgres') };
}

async function customerLastNames(databaseUrl: string): Promise<string[]> {
  const { rows } = await withClient(databaseUrl, (client) =>
    client.query<{ last_name: string }>('select last_name from customers order by last_name'),
  );
  return rows.map((row) => row.last_name);
}

const pgVersion = (cluster: string) => readFileSync(join(cluster, 'PG_VERSION'), 'utf8').trim();

const keptClusters = (dataDir: string) =>
  readdirSync(dataDir)
    .filter((name) => name.startsWith('postgres-15-before-upgrade-'))
    .map((name) => join(dataDir, name));

/** The pid of a process that has exited, as a start killed mid-way leaves in its lock. */
function deadPid(): number {
  const pid = spawnSync('true').pid;
  if (!pid) throw new Error('no process ran');
  return pid;
}

describe.skipIf(!hasPg15)('moving an older embedded database to this PostgreSQL major', () => {
  it(
    'starts Reformer on a PostgreSQL 15 cluster: the studio is there, its owner signs in, the old folder is kept',
    async () => {
      const { dataDir, cluster } = olderDataDir('upgraded');
      // What an earlier attempt killed before its journal left: it is redone from the start.
      const paths = movePaths(cluster);
      mkdirSync(paths.staging);
      writeFileSync(join(paths.staging, 'PG_VERSION'), '18\n');
      mkdirSync(paths.exportFolder);
      writeFileSync(join(paths.exportFolder, 'half-written.rfb.partial'), 'cut short');
      writeFileSync(paths.lock, String(deadPid()));

      const started = await startServer(dataDir);
      try {
        expect(pgVersion(cluster)).toBe('18');
        const [kept, ...more] = keptClusters(dataDir);
        expect(more).toEqual([]);
        expect(pgVersion(kept as string)).toBe('15');
        expect(started.output()).toContain(`once the studio looks right, remove it: rm -rf '${kept}'`);
        expect(readdirSync(dataDir).filter((name) => name.startsWith('postgres.upgrade'))).toEqual([]);

        const api = (path: string, init: RequestInit = {}) =>
          fetch(`${started.origin}/api${path}`, {
            ...init,
            headers: { origin: started.origin, ...init.headers },
          });
        const signedIn = await api('/auth/sign-in/email', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: studio.owner.email, password: PASSWORD }),
        });
        expect(signedIn.status).toBe(200);
        const cookie = signedIn.headers
          .getSetCookie()
          .map((value) => value.split(';')[0])
          .join('; ');
        const { token } = (await (await api('/auth/token', { headers: { cookie } })).json()) as {
          token: string;
        };
        const customers = await api(`/organizations/${studio.organizationId}/customers?limit=50`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(customers.status).toBe(200);
        const page = (await customers.json()) as { items: { lastName: string }[] };
        expect(page.items.map((customer) => customer.lastName).sort()).toEqual([...customerNames].sort());
      } finally {
        await started.stop();
      }
    },
    COMMAND_TIMEOUT_MS,
  );

  it('finishes a move killed after its journal, whichever rename was left, and serves the moved data', async () => {
    const { dataDir, cluster } = olderDataDir('resumed');
    await (await startEmbeddedPostgres(dataDir)).stop();
    const [kept] = keptClusters(dataDir) as [string];
    const paths = movePaths(cluster);
    const journal = JSON.stringify({ from: 15, to: 18, staging: paths.staging, aside: kept });
    const killedStates = {
      // Killed after the journal, before the first rename: the new cluster complete beside the old one.
      'before the renames': () => {
        renameSync(cluster, paths.staging);
        renameSync(kept, cluster);
      },
      // Killed between the renames: the old cluster aside, the new one not yet in its place.
      'between the renames': () => renameSync(cluster, paths.staging),
    };
    for (const [killed, leaveState] of Object.entries(killedStates)) {
      leaveState();
      writeFileSync(paths.journal, journal);
      const resumed = await startEmbeddedPostgres(dataDir);
      try {
        expect(pgVersion(cluster), killed).toBe('18');
        expect(pgVersion(kept), killed).toBe('15');
        expect(existsSync(paths.journal), killed).toBe(false);
        expect(await customerLastNames(resumed.url), killed).toEqual([...customerNames].sort());
      } finally {
        await resumed.stop();
      }
    }
  }, 90_000);

  it('refuses to start without PostgreSQL 15’s programs, saying what it found and the two ways forward', async () => {
    const { dataDir, cluster } = olderDataDir('refused');
    const before = readdirSync(dataDir).sort();
    const nowhere = join(folder, 'nowhere');
    const start = startEmbeddedPostgres(dataDir, {
      oldMajorSearch: { configuredBinDir: nowhere, distributionDir: nowhere },
    });
    await expect(start).rejects.toThrow(ClusterMajorError);
    const message = await start.catch((error: Error) => error.message);
    expect(message).toContain('is a PostgreSQL 15 cluster; this Reformer runs PostgreSQL 18');
    expect(message).toContain(`${nowhere} (EMBEDDED_PG_OLD_BIN_DIR): no postgres program there`);
    expect(message).toContain(`${join(nowhere, '15', 'bin')} (the distribution)`);
    expect(message).toContain('apt install postgresql-15');
    expect(message).toContain('npm run backup');
    expect(message).toContain('npm run restore');
    expect(pgVersion(cluster)).toBe('15');
    expect(readdirSync(dataDir).sort()).toEqual(before);
  }, 60_000);
});
